/**
 * The GoCardless Bank Account Data adapter of the bank feed (REST API v2; reference/banking-accounting.md
 * A3). Paths, relative to the base URL (`https://bankaccountdata.gocardless.com` in production, the
 * local sandbox bank on `npm start`):
 *
 *   POST   /api/v2/token/new/                  { secret_id, secret_key } → { access, access_expires, refresh, refresh_expires }
 *   POST   /api/v2/token/refresh/              { refresh } → { access, access_expires }
 *   GET    /api/v2/institutions/?country=ES    [{ id, name, bic, transaction_total_days, max_access_valid_for_days, logo }]
 *   GET    /api/v2/institutions/{id}/
 *   POST   /api/v2/agreements/enduser/         { institution_id, max_historical_days, access_valid_for_days, access_scope }
 *   POST   /api/v2/requisitions/               { redirect, institution_id, reference, agreement, user_language } → { id, link, status }
 *   GET    /api/v2/requisitions/{id}/          { status: CR|GC|UA|RJ|SA|GA|LN|EX, accounts: [uuid] }
 *   DELETE /api/v2/requisitions/{id}/
 *   GET    /api/v2/accounts/{id}/details/      { account: { iban, ownerName, currency, name } }
 *   GET    /api/v2/accounts/{id}/balances/     { balances: [{ balanceAmount: { amount, currency }, balanceType, referenceDate }] }
 *   GET    /api/v2/accounts/{id}/transactions/?date_from=&date_to=   { transactions: { booked: [...], pending: [...] } }
 *
 * Errors: 429 carries `HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET` (seconds; banks often allow 4 calls
 * a day per account and endpoint); an expired or revoked consent answers 401/400/409 with
 * `type: AccessExpiredError` / `AccountInactiveError` or a summary naming the expired EUA.
 */

import {
  type BankFeed,
  type FeedAccountDetails,
  type FeedBalance,
  type FeedConsent,
  type FeedConsentRequest,
  type FeedConsentState,
  type FeedConsentStatus,
  FeedError,
  type FeedInstitution,
  type FeedSession,
  type FeedTokens,
  type FeedTransaction,
  type FeedTransactions,
} from './port';

export const GOCARDLESS_BASE_URL = 'https://bankaccountdata.gocardless.com';

export interface GoCardlessOptions {
  baseUrl: string;
  /** The credentials of our GoCardless account (read, opened, when a session needs new tokens). */
  credentials: () => Promise<{ secretId: string; secretKey: string }>;
  fetch?: typeof fetch;
  /** Per-call time-out (default 15 s: the API function has 29 s). */
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

/** A token is used only while it has at least this long to live (a call may take a while). */
const TOKEN_MARGIN_MS = 60_000;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** A decimal string ("-1234.5", "12.30") to integer céntimos, exactly (no float arithmetic). */
export function amountToCents(amount: unknown): number {
  const s = typeof amount === 'number' ? amount.toFixed(2) : String(amount ?? '').trim();
  const m = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new FeedError('UNAVAILABLE', `Importe no válido del banco: ${s}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** GoCardless requisition statuses (A3 step 5) in the port's words. */
export function consentStateOf(status: string): FeedConsentState {
  switch (status) {
    case 'LN':
      return 'LINKED';
    case 'RJ':
      return 'REJECTED';
    case 'EX':
      return 'EXPIRED';
    default:
      // CR created, GC giving consent, UA undergoing authentication, SA selecting accounts, GA granting access.
      return 'PENDING';
  }
}

const EXPIRED_TYPES = new Set(['AccessExpiredError', 'AccountInactiveError', 'AccountSuspendedError']);

function retryAfterOf(headers: Headers): number | null {
  const raw =
    headers.get('HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET') ??
    headers.get('X-RateLimit-Account-Success-Reset') ??
    headers.get('HTTP_X_RATELIMIT_RESET') ??
    headers.get('Retry-After');
  const n = raw === null ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The provider's error body to a FeedError of the port. */
function errorOf(status: number, body: Json | null, headers: Headers): FeedError {
  const summary = str(body?.summary) ?? '';
  const detail = str(body?.detail) ?? '';
  const type = str(body?.type) ?? '';
  const text = `${summary} ${detail}`.trim() || `HTTP ${status}`;
  if (status === 429) return new FeedError('RATE_LIMITED', text, status, retryAfterOf(headers));
  if (EXPIRED_TYPES.has(type) || /\bEUA\b.*expired|has expired|access has expired|revoked/i.test(text)) {
    return new FeedError('CONSENT_EXPIRED', text, status);
  }
  if (status === 401 || status === 403) return new FeedError('UNAUTHORIZED', text, status);
  if (status === 404) return new FeedError('NOT_FOUND', text, status);
  return new FeedError('UNAVAILABLE', text, status);
}

function transactionOf(t: Json): FeedTransaction {
  const amount = (t.transactionAmount ?? {}) as Json;
  const bookingDate = str(t.bookingDate) ?? str(t.valueDate);
  if (!bookingDate) throw new FeedError('UNAVAILABLE', 'Movimiento del banco sin fecha');
  const cents = amountToCents(amount.amount);
  // The counterparty is the debtor of money in and the creditor of money out.
  const incoming = cents > 0;
  const party = (incoming ? t.debtorName : t.creditorName) ?? null;
  const partyAccount = ((incoming ? t.debtorAccount : t.creditorAccount) ?? {}) as Json;
  const unstructured = t.remittanceInformationUnstructuredArray;
  const remittance = Array.isArray(unstructured)
    ? unstructured.map(String)
    : [t.remittanceInformationUnstructured, t.remittanceInformationStructured]
        .map(str)
        .filter((x): x is string => x !== null);
  return {
    transactionId: str(t.transactionId) ?? str(t.internalTransactionId),
    bookingDate: bookingDate.slice(0, 10),
    valueDate: (str(t.valueDate) ?? bookingDate).slice(0, 10),
    amountCents: cents,
    currency: str(amount.currency) ?? 'EUR',
    remittance: remittance.map((r) => r.trim()).filter((r) => r !== ''),
    counterpartyName: str(party),
    counterpartyIban: str(partyAccount.iban)?.replace(/\s+/g, '').toUpperCase() ?? null,
    endToEndId: str(t.endToEndId),
    mandateId: str(t.mandateId),
    bankTransactionCode: str(t.bankTransactionCode) ?? str(t.proprietaryBankTransactionCode),
    entryReference: str(t.entryReference),
  };
}

function institutionOf(i: Json): FeedInstitution {
  return {
    id: String(i.id),
    name: String(i.name ?? i.id),
    bic: str(i.bic),
    logo: str(i.logo),
    transactionTotalDays: num(i.transaction_total_days, 90),
    maxAccessValidForDays: Math.min(num(i.max_access_valid_for_days, 90), 180),
  };
}

export function goCardlessFeed(options: GoCardlessOptions): BankFeed {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string | null,
    body?: Json,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}/api/v2${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new FeedError('UNAVAILABLE', `Sin respuesta del proveedor: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        if (res.ok) throw new FeedError('UNAVAILABLE', 'Respuesta del proveedor ilegible', res.status);
      }
    }
    if (!res.ok) throw errorOf(res.status, (json as Json | null) ?? null, res.headers);
    return json;
  }

  const expiry = (now: Date, seconds: unknown, fallback: number) =>
    new Date(now.getTime() + num(seconds, fallback) * 1000).toISOString();

  async function tokensFor(current: FeedTokens | null, now: Date): Promise<FeedTokens> {
    const fresh = (at: string) => Date.parse(at) - now.getTime() > TOKEN_MARGIN_MS;
    if (current && fresh(current.accessExpiresAt)) return current;
    if (current && fresh(current.refreshExpiresAt)) {
      try {
        const r = (await call('POST', '/token/refresh/', null, { refresh: current.refresh })) as Json;
        return {
          ...current,
          access: String(r.access),
          accessExpiresAt: expiry(now, r.access_expires, 86_400),
        };
      } catch (e) {
        // A refused refresh token falls back to new tokens; anything else is the provider's trouble.
        if (!(e instanceof FeedError) || e.kind !== 'UNAUTHORIZED') throw e;
      }
    }
    const { secretId, secretKey } = await options.credentials();
    const r = (await call('POST', '/token/new/', null, {
      secret_id: secretId,
      secret_key: secretKey,
    })) as Json;
    return {
      access: String(r.access),
      accessExpiresAt: expiry(now, r.access_expires, 86_400),
      refresh: String(r.refresh),
      refreshExpiresAt: expiry(now, r.refresh_expires, 2_592_000),
    };
  }

  return {
    provider: 'GOCARDLESS',
    async session(current, now): Promise<FeedSession> {
      const tokens = await tokensFor(current, now);
      const get = (path: string) => call('GET', path, tokens.access);
      return {
        tokens,
        async institutions(country) {
          const list = await get(`/institutions/?country=${encodeURIComponent(country)}`);
          if (!Array.isArray(list)) throw new FeedError('UNAVAILABLE', 'Lista de bancos ilegible');
          return list.map((i) => institutionOf(i as Json));
        },
        async institution(id) {
          return institutionOf((await get(`/institutions/${encodeURIComponent(id)}/`)) as Json);
        },
        async createConsent(req: FeedConsentRequest): Promise<FeedConsent> {
          const agreement = (await call('POST', '/agreements/enduser/', tokens.access, {
            institution_id: req.institutionId,
            max_historical_days: req.maxHistoricalDays,
            access_valid_for_days: req.accessValidForDays,
            access_scope: req.scopes,
          })) as Json;
          const requisition = (await call('POST', '/requisitions/', tokens.access, {
            redirect: req.redirectUrl,
            institution_id: req.institutionId,
            reference: req.reference,
            agreement: agreement.id,
            user_language: req.language,
          })) as Json;
          const link = str(requisition.link);
          if (!link || !str(requisition.id)) throw new FeedError('UNAVAILABLE', 'El proveedor no dio enlace');
          return {
            consentId: String(requisition.id),
            agreementId: str(agreement.id),
            link,
            maxHistoricalDays: num(agreement.max_historical_days, req.maxHistoricalDays),
            accessValidForDays: num(agreement.access_valid_for_days, req.accessValidForDays),
            scopes: Array.isArray(agreement.access_scope)
              ? (agreement.access_scope as FeedConsent['scopes'])
              : req.scopes,
          };
        },
        async consentStatus(consentId): Promise<FeedConsentStatus> {
          const r = (await get(`/requisitions/${encodeURIComponent(consentId)}/`)) as Json;
          const status = String(r.status ?? '');
          return {
            consentId,
            state: consentStateOf(status),
            providerStatus: status,
            accountIds: Array.isArray(r.accounts) ? r.accounts.map(String) : [],
            createdAt: str(r.created),
          };
        },
        async deleteConsent(consentId) {
          try {
            await call('DELETE', `/requisitions/${encodeURIComponent(consentId)}/`, tokens.access);
          } catch (e) {
            // Already gone at the provider: what a revocation wants.
            if (!(e instanceof FeedError) || e.kind !== 'NOT_FOUND') throw e;
          }
        },
        async accountDetails(accountId): Promise<FeedAccountDetails> {
          const r = (await get(`/accounts/${encodeURIComponent(accountId)}/details/`)) as Json;
          const a = (r.account ?? {}) as Json;
          const iban = str(a.iban)?.replace(/\s+/g, '').toUpperCase();
          if (!iban) throw new FeedError('UNAVAILABLE', 'El banco no dio el IBAN de la cuenta');
          return { iban, ownerName: str(a.ownerName), currency: str(a.currency) ?? 'EUR', name: str(a.name) };
        },
        async balances(accountId): Promise<FeedBalance[]> {
          const r = (await get(`/accounts/${encodeURIComponent(accountId)}/balances/`)) as Json;
          const list = Array.isArray(r.balances) ? (r.balances as Json[]) : [];
          return list.map((b) => {
            const amount = (b.balanceAmount ?? {}) as Json;
            return {
              amountCents: amountToCents(amount.amount),
              currency: str(amount.currency) ?? 'EUR',
              type: str(b.balanceType) ?? 'unknown',
              referenceDate: str(b.referenceDate)?.slice(0, 10) ?? null,
            };
          });
        },
        async transactions(accountId, range): Promise<FeedTransactions> {
          const q = `date_from=${range.from}&date_to=${range.to}`;
          const r = (await get(`/accounts/${encodeURIComponent(accountId)}/transactions/?${q}`)) as Json;
          const t = (r.transactions ?? {}) as Json;
          const list = (v: unknown) => (Array.isArray(v) ? (v as Json[]).map(transactionOf) : []);
          return { booked: list(t.booked), pending: list(t.pending) };
        },
      };
    },
  };
}
