/**
 * The provider-neutral bank feed (reference/banking-accounting.md A3: "design a provider-neutral
 * bank feed port with adapters"). PSD2 account information reaches us through an aggregator
 * (today GoCardless Bank Account Data; Enable Banking, Tink... would be other adapters): a consent
 * is asked for one bank (an agreement and a requisition), the user authenticates with the bank, and
 * the linked accounts' details, balances and booked transactions are read while the consent lasts.
 *
 * The port speaks our words; each adapter maps its provider's. Tokens are the adapter's session
 * with the provider: the caller stores them (sealed) and hands them back, so a warm token is reused
 * and an expired one refreshed, never asked anew on every call (the provider limits that too).
 */

export type FeedProvider = 'GOCARDLESS';

/** The provider's session: a short-lived access token and a longer refresh token. */
export interface FeedTokens {
  access: string;
  accessExpiresAt: string;
  refresh: string;
  refreshExpiresAt: string;
}

export interface FeedInstitution {
  id: string;
  name: string;
  bic: string | null;
  logo: string | null;
  transactionTotalDays: number;
  maxAccessValidForDays: number;
}

/** The consent's life at the provider, in our words (GoCardless: CR/GC/UA/SA/GA → PENDING, LN, RJ, EX). */
export type FeedConsentState = 'PENDING' | 'LINKED' | 'REJECTED' | 'EXPIRED';

export interface FeedConsentRequest {
  institutionId: string;
  maxHistoricalDays: number;
  accessValidForDays: number;
  scopes: ('balances' | 'details' | 'transactions')[];
  /** Where the bank sends the user back (the provider appends `?ref=<reference>`). */
  redirectUrl: string;
  /** Our id of the connection (unique per consent at the provider). */
  reference: string;
  language: string;
}

export interface FeedConsent {
  /** The provider's consent handle (GoCardless: the requisition id). */
  consentId: string;
  agreementId: string | null;
  link: string;
  maxHistoricalDays: number;
  accessValidForDays: number;
  scopes: ('balances' | 'details' | 'transactions')[];
}

export interface FeedConsentStatus {
  consentId: string;
  state: FeedConsentState;
  /** The provider's own code, kept for the record. */
  providerStatus: string;
  accountIds: string[];
  /** When the provider says the consent was granted or created (used as the start of its validity). */
  createdAt: string | null;
}

export interface FeedAccountDetails {
  iban: string;
  ownerName: string | null;
  currency: string;
  name: string | null;
}

export interface FeedBalance {
  amountCents: number;
  currency: string;
  /** closingBooked, interimAvailable, expected, interimBooked... */
  type: string;
  referenceDate: string | null;
}

/** One booked or pending transaction, signed (+ in, − out), céntimos. */
export interface FeedTransaction {
  transactionId: string | null;
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  currency: string;
  remittance: string[];
  counterpartyName: string | null;
  counterpartyIban: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  bankTransactionCode: string | null;
  entryReference: string | null;
}

export interface FeedTransactions {
  booked: FeedTransaction[];
  pending: FeedTransaction[];
}

/** What the provider says went wrong, in the port's words (the actions map it to AppErrors). */
export type FeedErrorKind =
  /** Too many calls (HTTP 429): retry after `retryAfterSeconds`. */
  | 'RATE_LIMITED'
  /** The consent expired or was revoked at the bank: it must be renewed. */
  | 'CONSENT_EXPIRED'
  /** Our credentials were refused. */
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  /** Anything else: network, 5xx, an answer we cannot read. */
  | 'UNAVAILABLE';

export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export const isFeedError = (e: unknown): e is FeedError => e instanceof FeedError;

/** A session with the provider: every call of the flow. */
export interface FeedSession {
  /** The tokens now in use (refreshed or new ones when the ones given were stale): store them back. */
  readonly tokens: FeedTokens;
  institutions(country: string): Promise<FeedInstitution[]>;
  institution(institutionId: string): Promise<FeedInstitution>;
  createConsent(request: FeedConsentRequest): Promise<FeedConsent>;
  consentStatus(consentId: string): Promise<FeedConsentStatus>;
  deleteConsent(consentId: string): Promise<void>;
  accountDetails(accountId: string): Promise<FeedAccountDetails>;
  balances(accountId: string): Promise<FeedBalance[]>;
  transactions(accountId: string, range: { from: string; to: string }): Promise<FeedTransactions>;
}

export interface BankFeed {
  readonly provider: FeedProvider;
  /** Reuses `tokens` while the access token is fresh, refreshes it, or asks for new ones. */
  session(tokens: FeedTokens | null, now: Date): Promise<FeedSession>;
}
