/**
 * Open banking (PSD2 account information) and the banking security pages (issue 19; spec part 1
 * routes psd2 and banking/security/*; part 2 §2 'Banking and treasury'). The provider is reached
 * through a provider-neutral bank-feed port (today GoCardless Bank Account Data, API v2); the
 * request and response shapes below never carry a provider token.
 *
 * PSD2 (Directive (EU) 2015/2366) art. 67 and RTS (EU) 2018/389 art. 10: an account information
 * consent lasts at most 180 days (the EBA's 2022 amendment, art. 10a), then the account holder
 * must authenticate again.
 */

import * as z from 'zod';
import { Id, IsoDate } from './common';

/** PSD2 RTS art. 10a: unattended access lasts at most 180 days per consent. */
export const PSD2_MAX_CONSENT_DAYS = 180;
/** Days before the expiry when the consent is flagged for renewal (re-consent). */
export const PSD2_RENEW_BEFORE_DAYS = 7;
/** Banks limit unattended access (often 4 calls a day per endpoint and account): at most every 6 h. */
export const PSD2_MIN_SYNC_INTERVAL_HOURS = 6;
/** Days re-read before the last synced booking date, so late-booked movements are not missed. */
export const PSD2_SYNC_OVERLAP_DAYS = 3;
/** History asked on the first sync when the consent allows more (the provider caps it per bank). */
export const PSD2_DEFAULT_HISTORY_DAYS = 90;

/** Our state of a connection (the provider's requisition status is kept beside it). */
export const Psd2ConnectionStatus = z.enum(['PENDING', 'LINKED', 'EXPIRED', 'REJECTED', 'REVOKED']);
export type Psd2ConnectionStatus = z.infer<typeof Psd2ConnectionStatus>;

export const Psd2Scope = z.enum(['balances', 'details', 'transactions']);
export type Psd2Scope = z.infer<typeof Psd2Scope>;

export interface Psd2Institution {
  id: string;
  name: string;
  bic: string | null;
  logo: string | null;
  /** Days of history the bank gives (the agreement cannot ask more). */
  transactionTotalDays: number;
  /** The longest consent the bank accepts (at most 180). */
  maxAccessValidForDays: number;
}

export const Psd2InstitutionsQuery = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'País no válido (dos letras ISO).' })
    .default('ES'),
});
export type Psd2InstitutionsQuery = z.infer<typeof Psd2InstitutionsQuery>;

export const Psd2ConnectBody = z.object({
  institutionId: z
    .string()
    .trim()
    .min(1, { message: 'Elige un banco.' })
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Banco no válido.' }),
  maxHistoricalDays: z.number().int().min(1).max(730).optional(),
  accessValidForDays: z
    .number()
    .int()
    .min(1)
    .max(PSD2_MAX_CONSENT_DAYS, {
      message: `El consentimiento PSD2 dura como máximo ${PSD2_MAX_CONSENT_DAYS} días.`,
    })
    .optional(),
});
export type Psd2ConnectBody = z.infer<typeof Psd2ConnectBody>;

export const Psd2ConnectionPath = z.object({ connectionId: Id });
export type Psd2ConnectionPath = z.infer<typeof Psd2ConnectionPath>;

/** What the user is sent to (the bank's consent and authentication, through the provider). */
export interface Psd2ConnectResult {
  connectionId: string;
  link: string;
}

export interface Psd2LinkedAccount {
  /** Our bank account (feed.psd2ConnectionId names this connection). */
  accountId: string;
  iban: string;
  holderName: string | null;
  currency: string;
}

export interface Psd2SyncAccountResult {
  accountId: string;
  iban: string;
  balanceCents: number | null;
  balanceDate: string | null;
  /** Booked movements stored now / already stored before (same fingerprint). */
  created: number;
  duplicates: number;
  /** Pending movements the bank reported (not stored: they may still change or disappear). */
  pending: number;
}

export interface Psd2SyncResult {
  connectionId: string;
  syncedAt: string;
  dateFrom: string;
  dateTo: string;
  created: number;
  duplicates: number;
  accounts: Psd2SyncAccountResult[];
}

export type Psd2SyncOutcome = 'OK' | 'FAILED';

export interface Psd2LastSync {
  at: string;
  outcome: Psd2SyncOutcome;
  trigger: 'MANUAL' | 'SCHEDULE' | 'LINK';
  created: number;
  duplicates: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** When the provider said to retry (rate limit), if it did. */
  retryAfter: string | null;
}

/** One connection (consent) as the API shows it: never a token, never the provider's agreement id. */
export interface Psd2Connection {
  connectionId: string;
  provider: 'GOCARDLESS';
  institutionId: string;
  institutionName: string;
  institutionBic: string | null;
  institutionLogo: string | null;
  status: Psd2ConnectionStatus;
  /** The provider's requisition status code (CR, GC, UA, RJ, SA, GA, LN, EX). */
  providerStatus: string;
  connectedBy: { userId: string; email: string };
  createdAt: string;
  linkedAt: string | null;
  /** The consent's end (from the agreement's days of access, counted from when it was granted). */
  consentExpiresAt: string;
  /** Whole days until the expiry (negative once expired). */
  daysLeft: number;
  accessValidForDays: number;
  maxHistoricalDays: number;
  scopes: Psd2Scope[];
  accounts: Psd2LinkedAccount[];
  lastSync: Psd2LastSync | null;
  lastSuccessfulSyncAt: string | null;
  /** A renewal asked and not yet granted (its link). */
  renewalLink: string | null;
  /** Provider tokens are stored only sealed (envelope encryption with the KMS key). */
  tokenEncrypted: boolean;
  revokedAt: string | null;
  updatedAt: string;
}

export interface Psd2ConnectionList {
  items: Psd2Connection[];
}

export interface Psd2CompleteResult {
  connection: Psd2Connection;
  accounts: Psd2LinkedAccount[];
  /** The first sync, run at once when the consent is linked (null when it was not, or it failed). */
  sync: Psd2SyncResult | null;
  /** Why the first sync failed (the consent stays linked; 'Sincronizar' retries). */
  syncError: { code: string; message: string } | null;
}

// --- security pages ---------------------------------------------------------------------------

export type SecuritySeverity = 'HIGH' | 'MEDIUM' | 'LOW';

export interface SecurityPolicy {
  id: string;
  title: string;
  description: string;
  /** Whether the stored records meet it now (null when there is nothing to check yet). */
  compliant: boolean | null;
  /** What was checked, in words, from the records. */
  evidence: string;
}

export interface SecurityPolicies {
  generatedAt: string;
  items: SecurityPolicy[];
}

export interface SecurityRecommendation {
  id: string;
  severity: SecuritySeverity;
  title: string;
  detail: string;
  /** The connection or account it is about, when it is about one. */
  connectionId: string | null;
  accountId: string | null;
}

export interface SecurityRecommendations {
  generatedAt: string;
  items: SecurityRecommendation[];
}

export interface SecurityConnectionMetric {
  connectionId: string;
  institutionName: string;
  status: Psd2ConnectionStatus;
  daysLeft: number;
  lastSyncAt: string | null;
  /** Hours since the last successful sync (null: never synced). */
  lastSyncAgeHours: number | null;
  syncOk: number;
  syncFailed: number;
}

export interface SecurityMetrics {
  generatedAt: string;
  /** The window the sync counts cover (days back from now). */
  windowDays: number;
  connectionsByStatus: Record<Psd2ConnectionStatus, number>;
  syncs: { ok: number; failed: number; movementsCreated: number };
  lastSyncAt: string | null;
  oldestSyncAgeHours: number | null;
  connections: SecurityConnectionMetric[];
}

export interface ComplianceConsent {
  connectionId: string;
  institutionName: string;
  connectedBy: string;
  connectedAt: string;
  consentExpiresAt: string;
  ageDays: number;
  daysLeft: number;
  scopes: Psd2Scope[];
  status: Psd2ConnectionStatus;
  accounts: number;
  tokenEncrypted: boolean;
  revokedAt: string | null;
}

export type Psd2AuditAction = 'CONNECT' | 'LINK' | 'REJECT' | 'EXPIRE' | 'SYNC' | 'RENEW' | 'REVOKE';

export interface Psd2AuditEntry {
  at: string;
  action: Psd2AuditAction;
  connectionId: string;
  institutionName: string;
  /** Who did it (`Sistema` for the schedule). */
  actor: string;
  outcome: 'OK' | 'FAILED';
  detail: string;
}

export interface ComplianceReport {
  generatedAt: string;
  consents: ComplianceConsent[];
  audit: Psd2AuditEntry[];
}

export interface SecurityOverview {
  generatedAt: string;
  connections: { total: number; linked: number; expiringSoon: number; expired: number };
  policies: { total: number; compliant: number; failing: number };
  recommendations: { high: number; medium: number; low: number };
  syncs: { ok: number; failed: number; windowDays: number };
  lastAuditAt: string | null;
}

export const ComplianceReportQuery = z.object({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ComplianceReportQuery = z.infer<typeof ComplianceReportQuery>;
