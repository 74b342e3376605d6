/**
 * The local sandbox bank (issue 19): a small node:http server that answers the same paths as
 * GoCardless Bank Account Data's REST API v2 (reference/banking-accounting.md A3; the adapter in
 * functions/domains/banking/model/feed/gocardless.ts), with the demo institutions, accounts and
 * movements of ./data.ts, and a consent page standing in for the bank's: it shows the bank and the
 * accounts, 'Autorizar' links the requisition (LN), 'Cancelar' rejects it (RJ), and both send the
 * browser back to the requisition's redirect with `?ref=<reference>`, as GoCardless does.
 *
 * Rules it keeps like the real service: `token/new` checks secret_id and secret_key; every other
 * call needs a live bearer token; an agreement lasts `access_valid_for_days` from its acceptance and
 * accounts answer 401 AccessExpiredError once it ended or the requisition was deleted; history is
 * capped at `max_historical_days`. In memory, nothing downloaded, starts at once.
 *
 * Test knobs, outside the API's paths (`/_sandbox/*`): the next N account calls answer 429 with
 * `HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET`; a requisition's consent expires now; the clock moves.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Logger } from '../util/log';
import { silentLogger } from '../util/log';
import { preferPort } from '../util/ports';
import { consentPage, resultPage } from './consent-page';
import { bookOf, SANDBOX_ACCOUNTS, SANDBOX_INSTITUTIONS, type SandboxTransaction } from './data';

/** The demo credentials of the sandbox's "GoCardless account" (what `npm start` gives the functions, sealed). */
export const SANDBOX_BANK_CREDENTIALS = {
  secretId: 'cuadra-sandbox-secret-id',
  secretKey: 'cuadra-sandbox-secret-key',
} as const;

export const DEFAULT_SANDBOX_BANK_PORT = 4480;

export interface SandboxBankOptions {
  host?: string;
  /** Exact port (0 = any free one). When absent, `preferredPort` if free, else any. */
  port?: number;
  preferredPort?: number;
  credentials?: { secretId: string; secretKey: string };
  /** The bank's clock (tests); default the machine's. */
  now?: () => Date;
  logger?: Logger;
}

export interface RunningSandboxBank {
  /** http://127.0.0.1:<port>: the base URL the adapter is given (BANK_FEED_BASE_URL). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Agreement {
  id: string;
  created: string;
  institution_id: string;
  max_historical_days: number;
  access_valid_for_days: number;
  access_scope: string[];
  accepted: string | null;
}

interface Requisition {
  id: string;
  created: string;
  redirect: string;
  status: 'CR' | 'LN' | 'RJ' | 'EX';
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  deleted: boolean;
}

const ACCESS_SECONDS = 86_400;
const REFRESH_SECONDS = 2_592_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.summary ?? status));
  }
}

const problem = (status: number, summary: string, detail: string, type?: string) =>
  new HttpError(status, { summary, detail, status_code: status, ...(type ? { type } : {}) });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw problem(413, 'Too large', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (text === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw problem(400, 'Invalid JSON', 'The body is not a JSON object');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *",
  });
  res.end(html);
}

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function startSandboxBank(opts: SandboxBankOptions = {}): Promise<RunningSandboxBank> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger ?? silentLogger;
  const credentials = opts.credentials ?? SANDBOX_BANK_CREDENTIALS;
  let clockOffsetMs = 0;
  const now = () => new Date((opts.now ? opts.now() : new Date()).getTime() + clockOffsetMs);
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const agreements = new Map<string, Agreement>();
  const requisitions = new Map<string, Requisition>();
  let rateLimited = { remaining: 0, resetSeconds: 0 };

  const port = opts.port ?? (await preferPort(opts.preferredPort ?? DEFAULT_SANDBOX_BANK_PORT, host));
  let origin = '';

  const issue = (map: Map<string, number>, seconds: number) => {
    const token = randomBytes(24).toString('base64url');
    map.set(token, now().getTime() + seconds * 1000);
    return token;
  };

  function requireToken(req: IncomingMessage) {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const exp = m ? accessTokens.get(m[1]!) : undefined;
    if (exp === undefined || exp <= now().getTime()) {
      throw problem(401, 'Invalid token', 'Token is invalid or expired', 'AuthenticationFailed');
    }
  }

  /** Expiry of a requisition's consent: EX once the agreement's days ran out since acceptance. */
  function refresh(r: Requisition): Requisition {
    const a = agreements.get(r.agreement);
    if (r.status === 'LN' && a?.accepted) {
      const end = Date.parse(a.accepted) + a.access_valid_for_days * DAY;
      if (now().getTime() >= end) r.status = 'EX';
    }
    return r;
  }

  const requisitionView = (r: Requisition) => {
    const { deleted: _deleted, ...rest } = refresh(r);
    return {
      ...rest,
      link: `${origin}/psd2/start/${r.id}/${r.institution_id}`,
      ssn: null,
      account_selection: false,
      redirect_immediate: false,
    };
  };

  /** The live requisition granting access to an account, or 401 as the provider answers. */
  function accessTo(accountId: string): { agreement: Agreement } {
    const account = SANDBOX_ACCOUNTS.find((a) => a.id === accountId);
    if (!account) throw problem(404, 'Not found', 'Account not found');
    const live = [...requisitions.values()]
      .filter((r) => !r.deleted && r.accounts.includes(accountId))
      .map(refresh);
    const linked = live.find((r) => r.status === 'LN');
    if (!linked) {
      const expired = live.find((r) => r.status === 'EX');
      if (expired) {
        const a = agreements.get(expired.agreement)!;
        throw problem(
          401,
          `End User Agreement (EUA) ${a.id} has expired`,
          `EUA was valid for ${a.access_valid_for_days} days and it expired. The end user must connect the account once more with new EUA and Requisition`,
          'AccessExpiredError',
        );
      }
      throw problem(
        401,
        "Couldn't update account",
        'Access has expired or it has been revoked. To restore access reconnect the account.',
        'AccessExpiredError',
      );
    }
    if (rateLimited.remaining > 0) {
      rateLimited.remaining -= 1;
      throw new HttpError(
        429,
        {
          summary: 'Rate limit exceeded',
          detail: 'The daily request limit set by the Institution has been exceeded.',
          status_code: 429,
        },
        {
          HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET: String(rateLimited.resetSeconds),
          HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING: '0',
        },
      );
    }
    return { agreement: agreements.get(linked.agreement)! };
  }

  const institutionView = (i: (typeof SANDBOX_INSTITUTIONS)[number]) => ({
    id: i.id,
    name: i.name,
    bic: i.bic,
    transaction_total_days: String(i.transactionTotalDays),
    max_access_valid_for_days: String(i.maxAccessValidForDays),
    countries: ['ES'],
    logo: `${origin}/logos/${i.id}.svg`,
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/^\/api\/v2/, '');
    const method = req.method ?? 'GET';
    const institutionPath = /^\/institutions\/([^/]+)\/$/.exec(path);
    const requisitionPath = /^\/requisitions\/([^/]+)\/$/.exec(path);
    const accountPath = /^\/accounts\/([^/]+)\/(details|balances|transactions)\/$/.exec(path);

    if (method === 'POST' && path === '/token/new/') {
      const b = await readJson(req);
      if (b.secret_id !== credentials.secretId || b.secret_key !== credentials.secretKey) {
        throw problem(401, 'Authentication failed', 'No active account found with the given credentials');
      }
      return send(res, 200, {
        access: issue(accessTokens, ACCESS_SECONDS),
        access_expires: ACCESS_SECONDS,
        refresh: issue(refreshTokens, REFRESH_SECONDS),
        refresh_expires: REFRESH_SECONDS,
      });
    }
    if (method === 'POST' && path === '/token/refresh/') {
      const b = await readJson(req);
      const exp = refreshTokens.get(String(b.refresh));
      if (exp === undefined || exp <= now().getTime())
        throw problem(401, 'Invalid token', 'Token is invalid or expired');
      return send(res, 200, { access: issue(accessTokens, ACCESS_SECONDS), access_expires: ACCESS_SECONDS });
    }

    requireToken(req);

    if (method === 'GET' && path === '/institutions/') {
      const country = (url.searchParams.get('country') ?? '').toUpperCase();
      return send(
        res,
        200,
        country === '' || country === 'ES' ? SANDBOX_INSTITUTIONS.map(institutionView) : [],
      );
    }
    if (method === 'GET' && institutionPath) {
      const i = SANDBOX_INSTITUTIONS.find((x) => x.id === institutionPath[1]);
      if (!i) throw problem(404, 'Not found', 'Institution not found');
      return send(res, 200, institutionView(i));
    }
    if (method === 'POST' && path === '/agreements/enduser/') {
      const b = await readJson(req);
      const i = SANDBOX_INSTITUTIONS.find((x) => x.id === b.institution_id);
      if (!i) throw problem(400, 'Invalid institution', 'Unknown institution_id');
      const days = Number(b.access_valid_for_days ?? 90);
      const history = Number(b.max_historical_days ?? 90);
      if (!Number.isInteger(days) || days < 1 || days > i.maxAccessValidForDays) {
        throw problem(
          400,
          'Incorrect access_valid_for_days',
          `access_valid_for_days must be > 0 and <= ${i.maxAccessValidForDays}`,
        );
      }
      if (!Number.isInteger(history) || history < 1 || history > i.transactionTotalDays) {
        throw problem(
          400,
          'Incorrect max_historical_days',
          `max_historical_days must be > 0 and <= ${i.transactionTotalDays}`,
        );
      }
      const a: Agreement = {
        id: randomUUID(),
        created: now().toISOString(),
        institution_id: i.id,
        max_historical_days: history,
        access_valid_for_days: days,
        access_scope: Array.isArray(b.access_scope)
          ? b.access_scope.map(String)
          : ['balances', 'details', 'transactions'],
        accepted: null,
      };
      agreements.set(a.id, a);
      return send(res, 201, a);
    }
    if (method === 'POST' && path === '/requisitions/') {
      const b = await readJson(req);
      const a = agreements.get(String(b.agreement ?? ''));
      if (!a || a.institution_id !== b.institution_id)
        throw problem(400, 'Invalid agreement', 'Agreement does not match the institution');
      if (typeof b.redirect !== 'string' || !/^https?:\/\//.test(b.redirect))
        throw problem(400, 'Invalid redirect', 'redirect must be a URL');
      const reference = String(b.reference ?? '');
      if ([...requisitions.values()].some((r) => r.reference === reference)) {
        throw problem(400, 'Reference already exists', 'The reference must be unique');
      }
      const r: Requisition = {
        id: randomUUID(),
        created: now().toISOString(),
        redirect: b.redirect,
        status: 'CR',
        institution_id: a.institution_id,
        agreement: a.id,
        reference,
        accounts: [],
        user_language: String(b.user_language ?? 'ES'),
        deleted: false,
      };
      requisitions.set(r.id, r);
      return send(res, 201, requisitionView(r));
    }
    if (requisitionPath) {
      const r = requisitions.get(requisitionPath[1]!);
      if (!r || r.deleted) throw problem(404, 'Not found', 'Requisition not found');
      if (method === 'GET') return send(res, 200, requisitionView(r));
      if (method === 'DELETE') {
        r.deleted = true;
        return send(res, 200, {
          summary: 'Requisition deleted',
          detail: `Requisition ${r.id} deleted with all its End User Agreements`,
        });
      }
    }
    if (method === 'GET' && accountPath) {
      const m = accountPath;
      const accountId = m[1]!;
      const { agreement } = accessTo(accountId);
      const account = SANDBOX_ACCOUNTS.find((a) => a.id === accountId)!;
      const book = bookOf(account, now());
      if (m[2] === 'details') {
        return send(res, 200, {
          account: {
            resourceId: account.id,
            iban: account.iban,
            currency: account.currency,
            ownerName: account.ownerName,
            name: account.name,
            cashAccountType: 'CACC',
          },
        });
      }
      if (m[2] === 'balances') {
        const amount = (c: number) => ({ amount: (c / 100).toFixed(2), currency: account.currency });
        return send(res, 200, {
          balances: [
            {
              balanceAmount: amount(book.closingCents),
              balanceType: 'closingBooked',
              referenceDate: book.closingDate,
            },
            {
              balanceAmount: amount(book.availableCents),
              balanceType: 'interimAvailable',
              referenceDate: book.closingDate,
            },
          ],
        });
      }
      const earliest = isoDate(new Date(now().getTime() - (agreement.max_historical_days - 1) * DAY));
      const fromParam = url.searchParams.get('date_from');
      const toParam = url.searchParams.get('date_to');
      for (const p of [fromParam, toParam]) {
        if (p !== null && !/^\d{4}-\d{2}-\d{2}$/.test(p))
          throw problem(400, 'Invalid date', 'Dates are YYYY-MM-DD');
      }
      const from = fromParam && fromParam > earliest ? fromParam : earliest;
      const to = toParam ?? book.closingDate;
      const inRange = (t: SandboxTransaction) => t.bookingDate >= from && t.bookingDate <= to;
      return send(res, 200, {
        transactions: {
          booked: book.booked.filter(inRange),
          pending: to >= book.closingDate ? book.pending : [],
        },
      });
    }
    throw problem(404, 'Not found', `No route ${method} ${url.pathname}`);
  }

  async function consent(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const m = /^\/psd2\/start\/([^/]+)(?:\/(authorize|cancel)|\/[^/]+)?\/?$/.exec(url.pathname);
    const r = m ? requisitions.get(m[1]!) : undefined;
    if (!m || !r || r.deleted)
      return sendHtml(
        res,
        404,
        resultPage('Enlace no válido', 'Esta solicitud de consentimiento no existe o ya se eliminó.'),
      );
    const institution = SANDBOX_INSTITUTIONS.find((i) => i.id === r.institution_id)!;
    const accounts = SANDBOX_ACCOUNTS.filter((a) => a.institutionId === r.institution_id);
    const agreement = agreements.get(r.agreement)!;
    if (req.method === 'GET' && !m[2]) {
      return sendHtml(
        res,
        200,
        consentPage({ requisitionId: r.id, institution, accounts, agreement, status: refresh(r).status }),
      );
    }
    if (req.method !== 'POST' || !m[2]) return sendHtml(res, 405, resultPage('Método no permitido', ''));
    await readBody(req);
    const back = new URL(r.redirect);
    back.searchParams.set('ref', r.reference);
    if (r.status === 'CR') {
      if (m[2] === 'authorize') {
        r.status = 'LN';
        r.accounts = accounts.map((a) => a.id);
        agreement.accepted = now().toISOString();
      } else {
        r.status = 'RJ';
      }
    }
    if (r.status === 'RJ') {
      back.searchParams.set('error', 'UserCancelledSession');
      back.searchParams.set('details', 'User cancelled the session.');
    }
    res.writeHead(303, { location: back.toString() });
    res.end();
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const b = req.method === 'POST' ? await readJson(req) : {};
    const expirePath = /^\/_sandbox\/requisitions\/([^/]+)\/expire$/.exec(url.pathname);
    if (url.pathname === '/_sandbox/rate-limit' && req.method === 'POST') {
      rateLimited = { remaining: Number(b.count ?? 1), resetSeconds: Number(b.resetSeconds ?? 3600) };
      return send(res, 200, rateLimited);
    }
    if (url.pathname === '/_sandbox/clock' && req.method === 'POST') {
      clockOffsetMs = Number(b.offsetDays ?? 0) * DAY;
      return send(res, 200, { now: now().toISOString() });
    }
    if (expirePath && req.method === 'POST') {
      const r = requisitions.get(expirePath[1]!);
      if (!r) throw problem(404, 'Not found', 'Requisition not found');
      r.status = 'EX';
      return send(res, 200, { id: r.id, status: r.status });
    }
    if (url.pathname === '/_sandbox' || url.pathname === '/_sandbox/') {
      return send(res, 200, {
        institutions: SANDBOX_INSTITUTIONS.map((i) => i.name),
        requisitions: [...requisitions.values()].map((r) => ({
          id: r.id,
          reference: r.reference,
          status: refresh(r).status,
          deleted: r.deleted,
        })),
        now: now().toISOString(),
      });
    }
    throw problem(404, 'Not found', 'Unknown control path');
  }

  function logo(res: ServerResponse, id: string) {
    const i = SANDBOX_INSTITUTIONS.find((x) => `${x.id}.svg` === id);
    if (!i) return send(res, 404, {});
    const initials = i.name
      .split(' ')
      .filter((w) => /^[A-ZÁÉÍÓÚ]/.test(w))
      .map((w) => w[0])
      .join('')
      .slice(0, 2);
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" rx="8" fill="#1d4ed8"/><text x="24" y="30" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">${initials}</text></svg>`,
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin || 'http://localhost');
    const route = url.pathname.startsWith('/api/v2/')
      ? api(req, res, url)
      : url.pathname.startsWith('/psd2/start/')
        ? consent(req, res, url)
        : url.pathname.startsWith('/_sandbox')
          ? control(req, res, url)
          : url.pathname.startsWith('/logos/')
            ? Promise.resolve(logo(res, url.pathname.slice('/logos/'.length)))
            : Promise.reject(problem(404, 'Not found', 'Unknown path'));
    route.catch((e: unknown) => {
      if (res.headersSent) return res.end();
      if (e instanceof HttpError) return send(res, e.status, e.body, e.headers);
      log.error('sandbox bank: unexpected error', e);
      send(res, 500, { summary: 'Internal error', detail: 'Sandbox bank error', status_code: 500 });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  origin = `http://${host}:${actualPort}`;
  return {
    url: origin,
    port: actualPort,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
