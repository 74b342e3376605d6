/**
 * The plumbing of the security suite (issue #12 item 12): raw HTTP to the local gateway (any body
 * bytes, any header), a bounded pool of requests in flight, a tally of tries and offenders per
 * check, and the people it needs: a fresh company of its own with one real user per company role,
 * created through the API exactly as a customer would (register, verify, invite, activate).
 */

import { randomUUID } from 'node:crypto';
import { cifControl } from '@shared/fiscal/nif';
import type { LoginResult } from '@shared/schemas/identity';
import type { SentMail } from '../types';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON. */
  json: { success?: boolean; error?: { code?: string; field?: string | null } | null } | undefined;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string | undefined>;
  body?: string | Buffer | undefined;
  query?: Record<string, string>;
}

/**
 * The client address the suite shows the gateway (it and the WAF read X-Forwarded-For), one of
 * TEST-NET-2, so the per-IP limit of the authentication routes counts the suite apart from the
 * other test files, which all come from 127.0.0.1. `slot` gives a route an address of its own where
 * the suite itself sends it many requests.
 */
export const suiteAddress = (slot = 1) => `198.51.100.${slot}`;

export function rawClient(baseUrl: string) {
  return async function send(req: RawRequest): Promise<RawResponse> {
    const url = new URL(req.path, baseUrl);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { 'x-forwarded-for': suiteAddress() };
    for (const [k, v] of Object.entries(req.headers ?? {})) if (v !== undefined) headers[k] = v;
    const res = await fetch(url, {
      method: req.method,
      headers,
      ...(req.body !== undefined
        ? { body: typeof req.body === 'string' ? req.body : new Uint8Array(req.body) }
        : {}),
    });
    const text = await res.text();
    let json: RawResponse['json'];
    try {
      json = JSON.parse(text) as RawResponse['json'];
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
}

export type Send = ReturnType<typeof rawClient>;

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Tries and offenders of one check. */
export class Tally {
  tries = 0;
  readonly offenders: string[] = [];
  constructor(readonly label: string) {}

  /** Counts one try; `problem` (when set) makes it an offender, described with its request. */
  /** How many answers of each status, for the report. */
  readonly statuses = new Map<number, number>();

  record(problem: string | undefined, request: string, res: RawResponse) {
    this.tries++;
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    if (problem) this.offenders.push(`${request} -> ${res.status} ${res.text.slice(0, 200)} [${problem}]`);
  }

  get failures() {
    return this.offenders.length;
  }

  summary() {
    return `${this.label} ${this.tries} tries / ${this.failures} failures`;
  }

  /** The answers by status, e.g. `401×2700`. */
  answers() {
    const byStatus = [...this.statuses].sort(([a], [b]) => a - b);
    return `${this.label}: ${byStatus.map(([status, n]) => `${status}×${n}`).join(' ')}`;
  }
}

/** The code of an envelope's error, if any. */
export const codeOf = (res: RawResponse) => res.json?.error?.code;

// --- people -----------------------------------------------------------------------------------

const PASSWORD = 'Suite-Seguridad-2026';

async function waitForMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 45_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(new URL('/_dev/mailbox.json', baseUrl))).json()) as SentMail[];
    const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    const token = found && /token=([A-Za-z0-9_%-]+)/.exec(found.text ?? found.html ?? '')?.[1];
    if (token) return decodeURIComponent(token);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

function dataOf<T>(what: string, res: RawResponse): T {
  if (res.status >= 300 || !res.json?.success)
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return (res.json as unknown as { data: T }).data;
}

export interface Session {
  userId: string;
  accessToken: string;
  idToken?: string | undefined;
}

export async function logIn(send: Send, email: string, password = PASSWORD): Promise<Session> {
  const res = await send({
    method: 'POST',
    path: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  const data = dataOf<LoginResult>(`login ${email}`, res);
  return { userId: data.user.userId, accessToken: data.accessToken, idToken: data.idToken };
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A random valid CIF of a limited company (B + seven digits + control digit). */
const freshCif = () => {
  const seven = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};

/** A new company owner, registered and verified: its session and its company (OWNER). */
export async function registerCompanyOwner(send: Send, baseUrl: string, tag: string) {
  const email = `seguridad-${tag}-${randomUUID().slice(0, 8)}@cuadra.test`;
  dataOf(
    'register',
    await send({
      method: 'POST',
      path: '/api/v1/auth/register',
      ...json({
        email,
        password: PASSWORD,
        firstName: 'Sonia',
        lastName: 'Seguridad Pruebas',
        accountType: 'COMPANY',
        company: { name: `Seguridad ${tag} SL`, nif: freshCif(), companyType: 'SL' },
        acceptTerms: true,
      }),
    }),
  );
  const token = await waitForMail(baseUrl, email, /verifica|confirma/i);
  dataOf(
    'verify e-mail',
    await send({ method: 'POST', path: '/api/v1/auth/verify-email', query: { token } }),
  );
  const session = await logIn(send, email);
  const profile = await send({
    method: 'GET',
    path: '/api/v1/users/profile',
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  const companyId = dataOf<{ defaultCompanyId: string | null }>('profile', profile).defaultCompanyId;
  if (!companyId) throw new Error(`the new owner ${email} has no company`);
  return { email, session, companyId };
}

/** A person invited into `companyId` by `inviter`, activated from the e-mail and logged in. */
export async function invitedMember(
  send: Send,
  baseUrl: string,
  inviter: Session,
  companyId: string,
  companyRole: 'GESTOR' | 'MEMBER' | 'CLIENTE',
  permissions: string[],
): Promise<Session & { email: string }> {
  const email = `seguridad-${companyRole.toLowerCase()}-${randomUUID().slice(0, 8)}@cuadra.test`;
  dataOf(
    `invite ${companyRole}`,
    await send({
      method: 'POST',
      path: `/api/v1/companies/${companyId}/users/invite`,
      headers: { authorization: `Bearer ${inviter.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, firstName: 'Persona', lastName: 'De Pruebas', companyRole, permissions }),
    }),
  );
  const token = await waitForMail(baseUrl, email, /invitad/i);
  dataOf(
    'activate',
    await send({ method: 'POST', path: '/api/v1/auth/activation', ...json({ token, password: PASSWORD }) }),
  );
  return { email, ...(await logIn(send, email)) };
}
