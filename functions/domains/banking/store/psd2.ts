/**
 * Open-banking connections (PSD2 consents) and their audit trail (`PSD2#<c>`, keys.psd2Connection /
 * keys.psd2Audit), and the flows that use the bank feed: connect, complete (link the accounts),
 * sync (balances and booked movements), renew and revoke.
 *
 * Secrets: the provider's session tokens are stored only SEALED by the secret box (KMS envelope in
 * AWS, the local key file on a laptop), bound to the company and the connection; `sealedTokens` is
 * read only here and never reaches a view, a response or a log line. The provider credentials come
 * sealed too (envNames.bankFeedCredentials).
 *
 * gsi1 `PSD2CONSENT` (keys.psd2ConsentByExpiry) holds every connection that is not revoked or
 * rejected, by consent expiry: the `banking-sync` schedule walks it.
 */

import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers, queryAll } from '@functions/lib/directory';
import { open, type SealedSecret, seal } from '@functions/lib/secret-box';
import { AppError } from '@shared/api/errors';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import {
  PSD2_DEFAULT_HISTORY_DAYS,
  PSD2_MAX_CONSENT_DAYS,
  PSD2_SYNC_OVERLAP_DAYS,
  type Psd2AuditAction,
  type Psd2AuditEntry,
  type Psd2CompleteResult,
  type Psd2ConnectBody,
  type Psd2Connection,
  type Psd2ConnectionStatus,
  type Psd2ConnectResult,
  type Psd2LastSync,
  type Psd2LinkedAccount,
  type Psd2Scope,
  type Psd2SyncAccountResult,
  type Psd2SyncResult,
} from '@shared/schemas/psd2';
import { GOCARDLESS_BASE_URL, goCardlessFeed } from '../model/feed/gocardless';
import { movementDrafts, pickBalance, syncWindow } from '../model/feed/movements';
import type { BankFeed, FeedError, FeedSession, FeedTokens } from '../model/feed/port';
import { isFeedError } from '../model/feed/port';
import { ensureAccountByIban, markAccountFeed, updateAccountBalance } from './accounts';
import type { BankingDeps } from './deps';
import { insertMovements } from './movements';

const DAY_MS = 86_400_000;
const SCOPES: Psd2Scope[] = ['balances', 'details', 'transactions'];

// --- items ----------------------------------------------------------------------------------------

export interface Psd2ConnectionAccount {
  /** The provider's account id (GoCardless: a UUID per requisition). */
  providerAccountId: string;
  accountId: string;
  iban: string;
  holderName: string | null;
  currency: string;
  /** The newest booked movement's date read so far (the next sync starts a few days before it). */
  lastBookingDate: string | null;
}

export interface Psd2Actor {
  userId: string;
  email: string;
}

interface PendingConsent {
  requisitionId: string;
  agreementId: string | null;
  link: string;
  createdAt: string;
  accessValidForDays: number;
  maxHistoricalDays: number;
  scopes: Psd2Scope[];
  requestedBy: Psd2Actor;
}

export interface Psd2ConnectionItem {
  entity: 'Psd2Connection';
  schemaVersion: 1;
  companyId: string;
  connectionId: string;
  provider: 'GOCARDLESS';
  institutionId: string;
  institutionName: string;
  institutionBic: string | null;
  institutionLogo: string | null;
  status: Psd2ConnectionStatus;
  providerStatus: string;
  requisitionId: string;
  agreementId: string | null;
  link: string;
  connectedBy: Psd2Actor;
  createdAt: string;
  linkedAt: string | null;
  /** Provisional (from the request) until linked; then from the moment the bank granted it. */
  consentExpiresAt: string;
  accessValidForDays: number;
  maxHistoricalDays: number;
  scopes: Psd2Scope[];
  accounts: Psd2ConnectionAccount[];
  lastSync: Psd2LastSync | null;
  lastSuccessfulSyncAt: string | null;
  /** A renewal asked (a new requisition for the same bank) and not granted yet. */
  renewal: PendingConsent | null;
  /** The provider session, sealed (never returned). */
  sealedTokens: SealedSecret | null;
  revokedAt: string | null;
  revokedBy: Psd2Actor | null;
  updatedAt: string;
  /** Optimistic concurrency: each write asks for the version it read. */
  version: number;
}

export interface Psd2AuditItem {
  entity: 'Psd2Audit';
  schemaVersion: 1;
  companyId: string;
  eventId: string;
  at: string;
  action: Psd2AuditAction;
  connectionId: string;
  institutionName: string;
  /** null: the schedule. */
  actor: Psd2Actor | null;
  outcome: 'OK' | 'FAILED';
  detail: string;
  /** Sync counts (SYNC only). */
  created: number | null;
  duplicates: number | null;
  errorCode: string | null;
}

type Deps = BankingDeps;

// --- the provider -----------------------------------------------------------------------------------

const CREDENTIALS_CONTEXT = { purpose: 'bank-feed-credentials' };

/** Seals the provider's credentials for envNames.bankFeedCredentials (deployment, local start). */
export async function sealFeedCredentials(credentials: {
  secretId: string;
  secretKey: string;
}): Promise<string> {
  const plaintext = Buffer.from(JSON.stringify(credentials), 'utf8');
  try {
    return JSON.stringify(await seal(plaintext, CREDENTIALS_CONTEXT));
  } finally {
    plaintext.fill(0);
  }
}

async function openFeedCredentials(): Promise<{ secretId: string; secretKey: string }> {
  const raw = process.env[envNames.bankFeedCredentials];
  if (!raw) {
    throw new AppError(
      'BANK_PROVIDER_UNAVAILABLE',
      'La conexión bancaria (PSD2) no está configurada en este entorno.',
    );
  }
  const bytes = Buffer.from(await open(JSON.parse(raw) as SealedSecret, CREDENTIALS_CONTEXT));
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { secretId?: unknown; secretKey?: unknown };
    if (typeof parsed.secretId !== 'string' || typeof parsed.secretKey !== 'string') {
      throw new Error('bank feed credentials: secretId and secretKey expected');
    }
    return { secretId: parsed.secretId, secretKey: parsed.secretKey };
  } finally {
    bytes.fill(0);
  }
}

let defaultFeed: BankFeed | undefined;

/** The deps' feed, or the GoCardless adapter on the configured base URL with the sealed credentials. */
export function feedOf(deps: Deps): BankFeed {
  if (deps.bankFeed) return deps.bankFeed;
  defaultFeed ??= goCardlessFeed({
    baseUrl: process.env[envNames.bankFeedBaseUrl] || GOCARDLESS_BASE_URL,
    credentials: openFeedCredentials,
  });
  return defaultFeed;
}

/** The port's errors as the API's (shared/api/errors.ts): retry info on a rate limit. */
export function appErrorOfFeed(e: FeedError, now: Date): AppError {
  switch (e.kind) {
    case 'RATE_LIMITED': {
      const seconds = e.retryAfterSeconds;
      const retryAt = seconds === null ? null : new Date(now.getTime() + seconds * 1000).toISOString();
      return new AppError(
        'BANK_PROVIDER_UNAVAILABLE',
        'El banco limita las consultas automáticas (normalmente 4 al día por cuenta). Vuelve a intentarlo más tarde.',
        { details: { reason: 'RATE_LIMITED', retryAfterSeconds: seconds, retryAt } },
      );
    }
    case 'CONSENT_EXPIRED':
      return new AppError('BANK_CONSENT_EXPIRED');
    case 'UNAUTHORIZED':
      return new AppError(
        'BANK_PROVIDER_UNAVAILABLE',
        'El proveedor de banca abierta rechazó nuestras credenciales.',
        {
          details: { reason: 'UNAUTHORIZED' },
        },
      );
    default:
      return new AppError('BANK_PROVIDER_UNAVAILABLE', undefined, { details: { reason: e.kind } });
  }
}

/** Runs a provider call, turning its errors into AppErrors. */
async function guarded<T>(deps: Deps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isFeedError(e)) throw appErrorOfFeed(e, deps.now());
    throw e;
  }
}

// --- tokens -----------------------------------------------------------------------------------------

/** Bound to the sealed tokens: they open only for this company and this connection. */
const tokenContext = (companyId: string, connectionId: string) => ({
  purpose: 'psd2-provider-tokens',
  companyId,
  connectionId,
});

async function sealTokens(
  companyId: string,
  connectionId: string,
  tokens: FeedTokens,
): Promise<SealedSecret> {
  const plaintext = Buffer.from(JSON.stringify(tokens), 'utf8');
  try {
    return await seal(plaintext, tokenContext(companyId, connectionId));
  } finally {
    plaintext.fill(0);
  }
}

async function openTokens(item: Psd2ConnectionItem): Promise<FeedTokens | null> {
  if (!item.sealedTokens) return null;
  try {
    const bytes = Buffer.from(await open(item.sealedTokens, tokenContext(item.companyId, item.connectionId)));
    return JSON.parse(bytes.toString('utf8')) as FeedTokens;
  } catch {
    // Unreadable (rotated key, tampered item): a fresh provider session replaces it.
    return null;
  }
}

/** A provider session for this connection (its sealed tokens reused, refreshed or replaced). */
async function sessionFor(deps: Deps, item: Psd2ConnectionItem | null): Promise<FeedSession> {
  const tokens = item ? await openTokens(item) : null;
  return guarded(deps, () => feedOf(deps).session(tokens, deps.now()));
}

// --- reads ------------------------------------------------------------------------------------------

const gsiOf = (item: Psd2ConnectionItem) =>
  item.status === 'REVOKED' || item.status === 'REJECTED'
    ? {}
    : keys.psd2ConsentByExpiry(item.consentExpiresAt, item.companyId, item.connectionId);

const fromItem = (raw: Record<string, unknown>): Psd2ConnectionItem => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest } = raw;
  return rest as unknown as Psd2ConnectionItem;
};

export async function getConnection(
  deps: Deps,
  companyId: string,
  connectionId: string,
): Promise<Psd2ConnectionItem | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.psd2Connection(companyId, connectionId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? fromItem(res.Item) : undefined;
}

export async function requireConnection(deps: Deps, companyId: string, connectionId: string) {
  const item = await getConnection(deps, companyId, connectionId);
  if (!item) throw new AppError('CORE_006', 'La conexión bancaria no existe.');
  return item;
}

export async function listConnections(deps: Deps, companyId: string): Promise<Psd2ConnectionItem[]> {
  const k = keys.psd2ConnectionPrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  return items.map(fromItem).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Every connection of every company that is not revoked or rejected, by consent expiry (the schedule). */
export async function listConsentsByExpiry(deps: Deps): Promise<Psd2ConnectionItem[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.psd2ConsentPartition().gsi1pk },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items.map(fromItem);
}

export async function listAudit(
  deps: Deps,
  companyId: string,
  range: { from?: string; to?: string } = {},
): Promise<Psd2AuditItem[]> {
  const k = keys.psd2AuditPrefix(companyId);
  const from = `${k.skPrefix}${range.from ?? ''}`;
  const to = `${k.skPrefix}${range.to ? `${range.to}~` : '~'}`;
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': k.pk, ':from': from, ':to': to },
    ScanIndexForward: false,
  });
  return items.map((i) => {
    const { pk: _pk, sk: _sk, ...rest } = i;
    return rest as unknown as Psd2AuditItem;
  });
}

// --- views ------------------------------------------------------------------------------------------

export const daysBetween = (from: Date, to: string): number =>
  Math.floor((Date.parse(to) - from.getTime()) / DAY_MS);

const linkedView = (a: Psd2ConnectionAccount): Psd2LinkedAccount => ({
  accountId: a.accountId,
  iban: a.iban,
  holderName: a.holderName,
  currency: a.currency,
});

/** What the API shows of a connection: never the tokens, the agreement or the provider's account ids. */
export function connectionView(item: Psd2ConnectionItem, now: Date): Psd2Connection {
  return {
    connectionId: item.connectionId,
    provider: item.provider,
    institutionId: item.institutionId,
    institutionName: item.institutionName,
    institutionBic: item.institutionBic,
    institutionLogo: item.institutionLogo,
    status: item.status,
    providerStatus: item.providerStatus,
    connectedBy: item.connectedBy,
    createdAt: item.createdAt,
    linkedAt: item.linkedAt,
    consentExpiresAt: item.consentExpiresAt,
    daysLeft: daysBetween(now, item.consentExpiresAt),
    accessValidForDays: item.accessValidForDays,
    maxHistoricalDays: item.maxHistoricalDays,
    scopes: item.scopes,
    accounts: item.accounts.map(linkedView),
    lastSync: item.lastSync,
    lastSuccessfulSyncAt: item.lastSuccessfulSyncAt,
    renewalLink: item.renewal?.link ?? null,
    tokenEncrypted: item.sealedTokens === null || item.sealedTokens.alg === 'AES-256-GCM',
    revokedAt: item.revokedAt,
    updatedAt: item.updatedAt,
  };
}

// --- writes -----------------------------------------------------------------------------------------

async function putConnection(
  deps: Deps,
  item: Psd2ConnectionItem,
  expectedVersion: number | null,
): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: { ...keys.psd2Connection(item.companyId, item.connectionId), ...gsiOf(item), ...item },
        ...(expectedVersion === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#version = :v',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':v': expectedVersion },
            }),
      }),
    );
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new AppError('BANK_CONFLICT', 'La conexión cambió mientras se actualizaba. Vuelve a intentarlo.');
    }
    throw e;
  }
}

/** Saves the next state of a connection read at `prev.version`, re-sealing the tokens when they changed. */
async function saveConnection(
  deps: Deps,
  prev: Psd2ConnectionItem,
  next: Omit<Psd2ConnectionItem, 'version' | 'updatedAt'>,
  tokens?: { before: FeedTokens | null; after: FeedTokens },
): Promise<Psd2ConnectionItem> {
  let sealedTokens = next.sealedTokens;
  if (tokens && tokens.after.access !== tokens.before?.access) {
    sealedTokens = await sealTokens(next.companyId, next.connectionId, tokens.after);
  }
  const item: Psd2ConnectionItem = {
    ...next,
    sealedTokens,
    version: prev.version + 1,
    updatedAt: deps.now().toISOString(),
  };
  await putConnection(deps, item, prev.version);
  return item;
}

export async function writeAudit(
  deps: Deps,
  item: Pick<Psd2ConnectionItem, 'companyId' | 'connectionId' | 'institutionName'>,
  entry: {
    action: Psd2AuditAction;
    actor: Psd2Actor | null;
    outcome?: 'OK' | 'FAILED';
    detail: string;
    created?: number;
    duplicates?: number;
    errorCode?: string | null;
  },
): Promise<void> {
  const at = deps.now().toISOString();
  const eventId = deps.newId();
  const audit: Psd2AuditItem = {
    entity: 'Psd2Audit',
    schemaVersion: 1,
    companyId: item.companyId,
    eventId,
    at,
    action: entry.action,
    connectionId: item.connectionId,
    institutionName: item.institutionName,
    actor: entry.actor,
    outcome: entry.outcome ?? 'OK',
    detail: entry.detail,
    created: entry.created ?? null,
    duplicates: entry.duplicates ?? null,
    errorCode: entry.errorCode ?? null,
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.psd2Audit(item.companyId, at, eventId), ...audit },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export function auditView(a: Psd2AuditItem): Psd2AuditEntry {
  return {
    at: a.at,
    action: a.action,
    connectionId: a.connectionId,
    institutionName: a.institutionName,
    actor: a.actor ? a.actor.email : 'Sistema (sincronización programada)',
    outcome: a.outcome,
    detail: a.detail,
  };
}

/** Who acts: the membership's e-mail snapshot, else the profile's, else the login name. */
export async function actorOf(
  deps: Deps,
  auth: { userId: string; username: string },
  companyId: string,
): Promise<Psd2Actor> {
  const member = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, auth.userId) }),
  );
  let email = typeof member.Item?.email === 'string' ? member.Item.email : null;
  if (!email) {
    const profile = await deps.db.send(
      new GetCommand({ TableName: deps.table, Key: keys.userProfile(auth.userId) }),
    );
    email = typeof profile.Item?.email === 'string' ? profile.Item.email : auth.username;
  }
  return { userId: auth.userId, email };
}

/** The company's active members, with their role (the security pages: who may manage consents). */
export async function listMembers(deps: Deps, companyId: string) {
  const members = await listCompanyMembers(deps, companyId);
  return members
    .filter((m) => m.isActive)
    .map((m) => ({ userId: m.userId, email: m.email, companyRole: m.companyRole }));
}

// --- flows ------------------------------------------------------------------------------------------

const addDaysIso = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS).toISOString();
const today = (deps: Deps) => deps.now().toISOString().slice(0, 10);

/** The redirect the bank sends the user back to (the PSD2 page completes the connection). */
export function redirectUrlOf(connectionId: string): string {
  const app = (process.env[envNames.appUrl] ?? '').replace(/\/+$/, '');
  if (!app) throw new Error(`Missing environment variable ${envNames.appUrl}`);
  return `${app}/app/banking/accounts/psd2?connection=${encodeURIComponent(connectionId)}`;
}

/** The consent's days and history, within the bank's limits and PSD2's 180 days. */
function consentTerms(
  body: Pick<Psd2ConnectBody, 'maxHistoricalDays' | 'accessValidForDays'>,
  institution: { transactionTotalDays: number; maxAccessValidForDays: number },
) {
  const maxAccess = Math.min(PSD2_MAX_CONSENT_DAYS, institution.maxAccessValidForDays);
  const accessValidForDays = body.accessValidForDays ?? maxAccess;
  if (accessValidForDays > maxAccess) {
    throw new AppError('CORE_004', `Este banco admite consentimientos de ${maxAccess} días como máximo.`, {
      field: 'accessValidForDays',
    });
  }
  const maxHistory = institution.transactionTotalDays;
  const maxHistoricalDays = body.maxHistoricalDays ?? Math.min(PSD2_DEFAULT_HISTORY_DAYS, maxHistory);
  if (maxHistoricalDays > maxHistory) {
    throw new AppError('CORE_004', `Este banco da ${maxHistory} días de histórico como máximo.`, {
      field: 'maxHistoricalDays',
    });
  }
  return { accessValidForDays, maxHistoricalDays };
}

export async function listInstitutions(deps: Deps, country: string) {
  const session = await sessionFor(deps, null);
  return guarded(deps, () => session.institutions(country));
}

/** Agreement + requisition at the provider; the connection is stored PENDING until the user returns. */
export async function connect(
  deps: Deps,
  companyId: string,
  actor: Psd2Actor,
  body: Psd2ConnectBody,
): Promise<Psd2ConnectResult> {
  const session = await sessionFor(deps, null);
  const institution = await guarded(deps, () => session.institution(body.institutionId)).catch(
    (e: unknown) => {
      if (e instanceof AppError && e.details?.reason === 'NOT_FOUND') {
        throw new AppError('CORE_004', 'El banco elegido no está disponible.', { field: 'institutionId' });
      }
      throw e;
    },
  );
  const terms = consentTerms(body, institution);
  const connectionId = deps.newId();
  const consent = await guarded(deps, () =>
    session.createConsent({
      institutionId: institution.id,
      ...terms,
      scopes: SCOPES,
      redirectUrl: redirectUrlOf(connectionId),
      reference: connectionId,
      language: 'ES',
    }),
  );
  const now = deps.now();
  const item: Psd2ConnectionItem = {
    entity: 'Psd2Connection',
    schemaVersion: 1,
    companyId,
    connectionId,
    provider: 'GOCARDLESS',
    institutionId: institution.id,
    institutionName: institution.name,
    institutionBic: institution.bic,
    institutionLogo: institution.logo,
    status: 'PENDING',
    providerStatus: 'CR',
    requisitionId: consent.consentId,
    agreementId: consent.agreementId,
    link: consent.link,
    connectedBy: actor,
    createdAt: now.toISOString(),
    linkedAt: null,
    consentExpiresAt: addDaysIso(now, consent.accessValidForDays),
    accessValidForDays: consent.accessValidForDays,
    maxHistoricalDays: consent.maxHistoricalDays,
    scopes: consent.scopes,
    accounts: [],
    lastSync: null,
    lastSuccessfulSyncAt: null,
    renewal: null,
    sealedTokens: await sealTokens(companyId, connectionId, session.tokens),
    revokedAt: null,
    revokedBy: null,
    updatedAt: now.toISOString(),
    version: 1,
  };
  await putConnection(deps, item, null);
  await writeAudit(deps, item, {
    action: 'CONNECT',
    actor,
    detail: `Consentimiento solicitado: ${consent.accessValidForDays} días, histórico ${consent.maxHistoricalDays} días (${consent.scopes.join(', ')}).`,
  });
  return { connectionId, link: consent.link };
}

/** Reads each linked account's details and claims our bank account by its IBAN. */
async function linkAccounts(
  deps: Deps,
  item: Psd2ConnectionItem,
  session: FeedSession,
  providerAccountIds: string[],
): Promise<Psd2ConnectionAccount[]> {
  const out: Psd2ConnectionAccount[] = [];
  for (const providerAccountId of providerAccountIds) {
    const details = await guarded(deps, () => session.accountDetails(providerAccountId));
    const { account } = await ensureAccountByIban(deps, item.companyId, {
      iban: details.iban,
      holderName: details.ownerName,
      currency: details.currency,
      feed: { n43: false, psd2ConnectionId: item.connectionId },
    });
    await markAccountFeed(deps, item.companyId, account.accountId, { psd2ConnectionId: item.connectionId });
    const before = item.accounts.find((a) => a.accountId === account.accountId);
    out.push({
      providerAccountId,
      accountId: account.accountId,
      iban: details.iban,
      holderName: details.ownerName,
      currency: details.currency,
      lastBookingDate: before?.lastBookingDate ?? null,
    });
  }
  return out;
}

/**
 * The user came back from the bank: read the requisition. LN links the accounts and syncs at once;
 * RJ / EX end the connection (or drop a renewal, leaving the running consent as it was).
 */
export async function complete(
  deps: Deps,
  companyId: string,
  connectionId: string,
  actor: Psd2Actor,
): Promise<Psd2CompleteResult> {
  let item = await requireConnection(deps, companyId, connectionId);
  const renewing = item.renewal !== null;
  if (!renewing && item.status !== 'PENDING') {
    return {
      connection: connectionView(item, deps.now()),
      accounts: item.accounts.map(linkedView),
      sync: null,
      syncError: null,
    };
  }
  const tokensBefore = await openTokens(item);
  const session = await sessionFor(deps, item);
  const requisitionId = item.renewal?.requisitionId ?? item.requisitionId;
  const status = await guarded(deps, () => session.consentStatus(requisitionId));
  const tokens = { before: tokensBefore, after: session.tokens };

  if (status.state === 'PENDING') {
    item = await saveConnection(
      deps,
      item,
      { ...item, ...(renewing ? {} : { providerStatus: status.providerStatus }) },
      tokens,
    );
    return {
      connection: connectionView(item, deps.now()),
      accounts: item.accounts.map(linkedView),
      sync: null,
      syncError: null,
    };
  }

  if (status.state !== 'LINKED') {
    const words = status.state === 'REJECTED' ? 'rechazado por el titular' : 'caducado antes de concederse';
    if (renewing) {
      item = await saveConnection(deps, item, { ...item, renewal: null }, tokens);
      await writeAudit(deps, item, {
        action: status.state === 'REJECTED' ? 'REJECT' : 'EXPIRE',
        actor,
        outcome: 'FAILED',
        detail: `Renovación ${words}.`,
      });
    } else {
      item = await saveConnection(
        deps,
        item,
        { ...item, status: status.state, providerStatus: status.providerStatus, sealedTokens: null },
        undefined,
      );
      await writeAudit(deps, item, {
        action: status.state === 'REJECTED' ? 'REJECT' : 'EXPIRE',
        actor,
        outcome: 'FAILED',
        detail: `Consentimiento ${words}.`,
      });
    }
    return {
      connection: connectionView(item, deps.now()),
      accounts: item.accounts.map(linkedView),
      sync: null,
      syncError: null,
    };
  }

  const accounts = await linkAccounts(deps, item, session, status.accountIds);
  const now = deps.now();
  const terms = item.renewal ?? item;
  const previousRequisition = renewing ? item.requisitionId : null;
  // Accounts no longer covered by the consent stop being fed by it.
  for (const gone of item.accounts.filter((a) => !accounts.some((b) => b.accountId === a.accountId))) {
    await markAccountFeed(deps, companyId, gone.accountId, { psd2ConnectionId: null });
  }
  item = await saveConnection(
    deps,
    item,
    {
      ...item,
      status: 'LINKED',
      providerStatus: status.providerStatus,
      requisitionId,
      agreementId: item.renewal?.agreementId ?? item.agreementId,
      link: item.renewal?.link ?? item.link,
      linkedAt: now.toISOString(),
      consentExpiresAt: addDaysIso(now, terms.accessValidForDays),
      accessValidForDays: terms.accessValidForDays,
      maxHistoricalDays: terms.maxHistoricalDays,
      scopes: terms.scopes,
      accounts,
      renewal: null,
    },
    tokens,
  );
  await writeAudit(deps, item, {
    action: 'LINK',
    actor,
    detail: `${renewing ? 'Consentimiento renovado' : 'Consentimiento concedido'}: ${accounts.length} cuenta(s) (${accounts.map((a) => a.iban).join(', ')}), válido hasta ${item.consentExpiresAt.slice(0, 10)}.`,
  });
  if (previousRequisition) {
    // The old consent is replaced: ask the provider to end it (it expires by itself otherwise).
    await session.deleteConsent(previousRequisition).catch(() => undefined);
  }
  let sync: Psd2SyncResult | null = null;
  let syncError: { code: string; message: string } | null = null;
  try {
    sync = (await syncConnection(deps, item, { trigger: 'LINK', actor })).result;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    syncError = { code: e.code, message: e.message };
  }
  const latest = (await getConnection(deps, companyId, connectionId)) ?? item;
  return {
    connection: connectionView(latest, deps.now()),
    accounts: accounts.map(linkedView),
    sync,
    syncError,
  };
}

/**
 * Balances and booked movements of every account of a linked connection, since the last synced
 * booking date minus PSD2_SYNC_OVERLAP_DAYS (the movements store drops what it already has).
 * Pending transactions are counted, never stored. An expired consent marks the connection EXPIRED.
 */
export async function syncConnection(
  deps: Deps,
  start: Psd2ConnectionItem,
  opts: { trigger: Psd2LastSync['trigger']; actor: Psd2Actor | null },
): Promise<{ item: Psd2ConnectionItem; result: Psd2SyncResult }> {
  let item = start;
  if (item.status === 'EXPIRED' || item.status === 'REVOKED') throw new AppError('BANK_CONSENT_EXPIRED');
  if (item.status !== 'LINKED') {
    throw new AppError('BANK_CONFLICT', 'La conexión aún no está autorizada por el banco.');
  }
  const now = deps.now();
  if (Date.parse(item.consentExpiresAt) <= now.getTime()) {
    await markExpired(deps, item, opts.actor, 'El consentimiento llegó a su fecha de caducidad.');
    throw new AppError('BANK_CONSENT_EXPIRED');
  }
  const tokensBefore = await openTokens(item);
  const accounts = item.accounts.map((a) => ({ ...a }));
  const results: Psd2SyncAccountResult[] = [];
  let windowFrom = today(deps);
  let tokensAfter: FeedTokens | null = null;
  try {
    const s = await feedOf(deps).session(tokensBefore, now);
    tokensAfter = s.tokens;
    for (const account of accounts) {
      const window = syncWindow(
        today(deps),
        account.lastBookingDate,
        PSD2_SYNC_OVERLAP_DAYS,
        item.maxHistoricalDays,
      );
      if (window.from < windowFrom) windowFrom = window.from;
      const balances = await s.balances(account.providerAccountId);
      const txs = await s.transactions(account.providerAccountId, window);
      const drafts = movementDrafts(account.iban, txs.booked);
      const { created, duplicates } = await insertMovements(
        deps,
        item.companyId,
        account.accountId,
        drafts,
        'PSD2',
        item.connectionId,
      );
      const balance = pickBalance(balances, today(deps));
      if (balance)
        await updateAccountBalance(
          deps,
          item.companyId,
          account.accountId,
          balance.balanceCents,
          balance.balanceDate,
        );
      const newest = drafts.reduce<string | null>(
        (m, d) => (m === null || d.bookingDate > m ? d.bookingDate : m),
        null,
      );
      if (newest && (account.lastBookingDate === null || newest > account.lastBookingDate))
        account.lastBookingDate = newest;
      results.push({
        accountId: account.accountId,
        iban: account.iban,
        balanceCents: balance?.balanceCents ?? null,
        balanceDate: balance?.balanceDate ?? null,
        created,
        duplicates,
        pending: txs.pending.length,
      });
    }
  } catch (e) {
    if (!isFeedError(e)) throw e;
    const error = appErrorOfFeed(e, deps.now());
    const lastSync: Psd2LastSync = {
      at: now.toISOString(),
      outcome: 'FAILED',
      trigger: opts.trigger,
      created: results.reduce((s, r) => s + r.created, 0),
      duplicates: results.reduce((s, r) => s + r.duplicates, 0),
      errorCode: error.code,
      errorMessage: error.message,
      retryAfter: (error.details?.retryAt as string | null | undefined) ?? null,
    };
    const next = { ...item, accounts, lastSync };
    item = await saveConnection(
      deps,
      item,
      next,
      tokensAfter ? { before: tokensBefore, after: tokensAfter } : undefined,
    );
    await writeAudit(deps, item, {
      action: 'SYNC',
      actor: opts.actor,
      outcome: 'FAILED',
      detail: `Sincronización fallida: ${error.message}`,
      created: lastSync.created,
      duplicates: lastSync.duplicates,
      errorCode: e.kind,
    });
    if (e.kind === 'CONSENT_EXPIRED')
      await markExpired(
        deps,
        item,
        opts.actor,
        'El banco indica que el consentimiento caducó o fue revocado.',
      );
    throw error;
  }
  const created = results.reduce((s, r) => s + r.created, 0);
  const duplicates = results.reduce((s, r) => s + r.duplicates, 0);
  const lastSync: Psd2LastSync = {
    at: now.toISOString(),
    outcome: 'OK',
    trigger: opts.trigger,
    created,
    duplicates,
    errorCode: null,
    errorMessage: null,
    retryAfter: null,
  };
  item = await saveConnection(
    deps,
    item,
    { ...item, accounts, lastSync, lastSuccessfulSyncAt: now.toISOString() },
    tokensAfter ? { before: tokensBefore, after: tokensAfter } : undefined,
  );
  await writeAudit(deps, item, {
    action: 'SYNC',
    actor: opts.actor,
    detail: `Sincronizadas ${results.length} cuenta(s): ${created} movimiento(s) nuevo(s), ${duplicates} ya existente(s).`,
    created,
    duplicates,
  });
  return {
    item,
    result: {
      connectionId: item.connectionId,
      syncedAt: now.toISOString(),
      dateFrom: windowFrom,
      dateTo: today(deps),
      created,
      duplicates,
      accounts: results,
    },
  };
}

async function markExpired(deps: Deps, start: Psd2ConnectionItem, actor: Psd2Actor | null, detail: string) {
  const item = (await getConnection(deps, start.companyId, start.connectionId)) ?? start;
  if (item.status !== 'LINKED') return;
  const next = await saveConnection(deps, item, { ...item, status: 'EXPIRED', providerStatus: 'EX' });
  await writeAudit(deps, next, { action: 'EXPIRE', actor, detail });
}

/** A new requisition for the same bank; the running consent keeps working until the new one is granted. */
export async function renew(
  deps: Deps,
  companyId: string,
  connectionId: string,
  actor: Psd2Actor,
): Promise<Psd2ConnectResult> {
  const item = await requireConnection(deps, companyId, connectionId);
  if (item.status !== 'LINKED' && item.status !== 'EXPIRED') {
    throw new AppError(
      'BANK_CONFLICT',
      'Solo se renueva una conexión activa o caducada; para las demás, conecta el banco de nuevo.',
    );
  }
  const tokensBefore = await openTokens(item);
  const session = await sessionFor(deps, item);
  const institution = await guarded(deps, () => session.institution(item.institutionId));
  const terms = consentTerms(
    { accessValidForDays: item.accessValidForDays, maxHistoricalDays: item.maxHistoricalDays },
    institution,
  );
  if (item.renewal) await session.deleteConsent(item.renewal.requisitionId).catch(() => undefined);
  const consent = await guarded(deps, () =>
    session.createConsent({
      institutionId: item.institutionId,
      ...terms,
      scopes: SCOPES,
      redirectUrl: redirectUrlOf(connectionId),
      // The provider wants a unique reference per requisition.
      reference: `${connectionId}-r${item.version}`,
      language: 'ES',
    }),
  );
  const next = await saveConnection(
    deps,
    item,
    {
      ...item,
      renewal: {
        requisitionId: consent.consentId,
        agreementId: consent.agreementId,
        link: consent.link,
        createdAt: deps.now().toISOString(),
        accessValidForDays: consent.accessValidForDays,
        maxHistoricalDays: consent.maxHistoricalDays,
        scopes: consent.scopes,
        requestedBy: actor,
      },
    },
    { before: tokensBefore, after: session.tokens },
  );
  await writeAudit(deps, next, {
    action: 'RENEW',
    actor,
    detail: `Renovación solicitada: ${consent.accessValidForDays} días.`,
  });
  return { connectionId, link: consent.link };
}

/** Ends the consent at the provider (requisition deleted) and here; the accounts stay, unfed. */
export async function revoke(
  deps: Deps,
  companyId: string,
  connectionId: string,
  actor: Psd2Actor,
): Promise<Psd2Connection> {
  const item = await requireConnection(deps, companyId, connectionId);
  if (item.status === 'REVOKED') return connectionView(item, deps.now());
  if (item.status !== 'REJECTED') {
    const session = await sessionFor(deps, item);
    await guarded(deps, async () => {
      await session.deleteConsent(item.requisitionId);
      if (item.renewal) await session.deleteConsent(item.renewal.requisitionId);
    });
  }
  for (const a of item.accounts)
    await markAccountFeed(deps, companyId, a.accountId, { psd2ConnectionId: null });
  const now = deps.now().toISOString();
  const next = await saveConnection(deps, item, {
    ...item,
    status: 'REVOKED',
    renewal: null,
    sealedTokens: null,
    revokedAt: now,
    revokedBy: actor,
  });
  await writeAudit(deps, next, {
    action: 'REVOKE',
    actor,
    detail:
      'Consentimiento revocado: el proveedor eliminó el acceso y se borraron las credenciales de sesión.',
  });
  return connectionView(next, deps.now());
}

/** What the security pages are computed from: the company's connections, audit trail and members. */
export async function securityFactsOf(
  deps: Deps,
  companyId: string,
  range: { from?: string; to?: string } = {},
) {
  const [connections, audit, members] = await Promise.all([
    listConnections(deps, companyId),
    listAudit(deps, companyId, range),
    listMembers(deps, companyId),
  ]);
  return { now: deps.now(), connections, audit, members };
}
