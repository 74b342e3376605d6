import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnv } from '@functions/platform/testing/env';
import { sandboxBankEnv } from '@infra/local/sandbox-bank/env';
import {
  type RunningSandboxBank,
  SANDBOX_BANK_CREDENTIALS,
  startSandboxBank,
} from '@infra/local/sandbox-bank/server';
import { AppError } from '@shared/api/errors';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { membershipItem } from '@shared/db/records';
import type {
  ComplianceReport,
  Psd2CompleteResult,
  Psd2Connection,
  Psd2ConnectionList,
  Psd2ConnectResult,
  Psd2Institution,
  Psd2SyncResult,
  SecurityMetrics,
  SecurityOverview,
  SecurityPolicies,
  SecurityRecommendations,
} from '@shared/schemas/psd2';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { complianceReportRoute } from '../actions/compliance-report';
import { psd2CompleteRoute } from '../actions/psd2-complete';
import { psd2ConnectRoute } from '../actions/psd2-connect';
import { psd2ConnectionsRoute } from '../actions/psd2-connections';
import { psd2InstitutionsRoute } from '../actions/psd2-institutions';
import { psd2RenewRoute } from '../actions/psd2-renew';
import { psd2RevokeRoute } from '../actions/psd2-revoke';
import { psd2SyncRoute } from '../actions/psd2-sync';
import { securityMetricsRoute } from '../actions/security-metrics';
import { securityOverviewRoute } from '../actions/security-overview';
import { securityPoliciesRoute } from '../actions/security-policies';
import { securityRecommendationsRoute } from '../actions/security-recommendations';
import { goCardlessFeed } from '../model/feed/gocardless';
import { actionCaller, bankingHarness, COMPANY, T0, USER, workerCtx } from '../testing/harness';
import { syncAllFeeds } from '../workers/sync-feeds';
import { listAccountItems } from './accounts';
import type { BankAccountItem, BankMovementItem } from './items';
import { listInstitutions, type Psd2ConnectionItem } from './psd2';

const dir = mkdtempSync(join(tmpdir(), 'psd2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
useEnv({
  [envNames.certificatesLocalKeyFile]: join(dir, 'certificates.key'),
  [envNames.appUrl]: 'http://app.test',
});

const h = bankingHarness();
let bank: RunningSandboxBank;
// A fresh bank per test: references (our connection ids, counted from 1 again) are unique per bank.
beforeEach(async () => {
  bank = await startSandboxBank({ port: 0, now: () => h.deps.now() });
  h.deps.bankFeed = goCardlessFeed({
    baseUrl: bank.url,
    credentials: async () => ({ ...SANDBOX_BANK_CREDENTIALS }),
  });
});
afterEach(() => bank.stop());
beforeEach(() => {
  h.reset();
  h.table.put(
    membershipItem({
      companyId: COMPANY,
      userId: USER,
      companyRole: 'OWNER',
      permissions: [],
      isActive: true,
      email: 'ana@empresa.test',
      firstName: 'Ana',
      lastName: 'Pérez',
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    }),
  );
});

const caller = actionCaller('OWNER');
const input = <P, Q, B>(x: { params?: P; query?: Q; body?: B }) => ({
  ...caller,
  params: x.params as P,
  query: x.query as Q,
  body: x.body as B,
});

type Runnable = { run: (input: never, deps: typeof h.deps) => Promise<unknown> };
const run = <T>(route: Runnable, x: { params?: unknown; query?: unknown; body?: unknown }) =>
  route.run(input(x) as never, h.deps) as Promise<T>;
const complete = (connectionId: string) =>
  run<Psd2CompleteResult>(psd2CompleteRoute, { params: { connectionId } });
const sync = (connectionId: string) => run<Psd2SyncResult>(psd2SyncRoute, { params: { connectionId } });
const renewIt = (connectionId: string) =>
  run<Psd2ConnectResult>(psd2RenewRoute, { params: { connectionId } });
const revokeIt = (connectionId: string) => run<Psd2Connection>(psd2RevokeRoute, { params: { connectionId } });

async function codeOf(p: Promise<unknown>): Promise<{ code: string; details?: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, details: e.details };
    throw e;
  }
  return { code: 'none' };
}

async function bankDecides(link: string, choice: 'authorize' | 'cancel') {
  const base = new URL(link).pathname.split('/').slice(0, 4).join('/');
  const res = await fetch(`${bank.url}${base}/${choice}`, { method: 'POST', redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

const connection = (id: string) =>
  h.table.get(keys.psd2Connection(COMPANY, id)) as unknown as Psd2ConnectionItem & Record<string, unknown>;
const movements = () => h.table.all('BankMovement') as unknown as BankMovementItem[];

async function connectAndLink(institutionId = 'SANDBOXCUADRA_CUADESMM') {
  const started = (await psd2ConnectRoute.run(
    input({ body: { institutionId } }),
    h.deps,
  )) as Psd2ConnectResult;
  const back = await bankDecides(started.link, 'authorize');
  expect(back.searchParams.get('connection')).toBe(started.connectionId);
  const done = await complete(started.connectionId);
  return { started, done };
}

describe('PSD2 connections against the sandbox bank', () => {
  it('without an injected feed: the base URL and the SEALED credentials of the environment (as npm start sets them)', async () => {
    const env = await sandboxBankEnv(bank.url);
    expect(env[envNames.bankFeedCredentials]).not.toContain(SANDBOX_BANK_CREDENTIALS.secretKey);
    expect(JSON.parse(env[envNames.bankFeedCredentials]!)).toMatchObject({ alg: 'AES-256-GCM' });
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const names = (await listInstitutions({ ...h.deps, bankFeed: undefined }, 'ES')).map((i) => i.name);
      expect(names).toContain('Banco Sandbox Cuadra');
    } finally {
      for (const k of Object.keys(env)) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });

  it('lists the institutions by name', async () => {
    const res = await run<{ items: Psd2Institution[] }>(psd2InstitutionsRoute, { query: { country: 'ES' } });
    expect(res.items.map((i) => i.name)).toEqual(['Banco Sandbox Cuadra', 'Caja Sandbox Norte']);
  });

  it('connect → Autorizar → complete: accounts linked by IBAN, synced at once, tokens sealed', async () => {
    const started = (await psd2ConnectRoute.run(
      input({ body: { institutionId: 'SANDBOXCUADRA_CUADESMM', accessValidForDays: 120 } }),
      h.deps,
    )) as Psd2ConnectResult;
    expect(started.link).toContain(`${bank.url}/psd2/start/`);
    const pending = connection(started.connectionId);
    expect(pending).toMatchObject({
      status: 'PENDING',
      providerStatus: 'CR',
      connectedBy: { userId: USER, email: 'ana@empresa.test' },
      accessValidForDays: 120,
      consentExpiresAt: '2026-07-08T09:00:00.000Z',
      scopes: ['balances', 'details', 'transactions'],
      gsi1pk: 'PSD2CONSENT',
    });
    // The provider session is stored only sealed: no token in clear anywhere in the item.
    expect(pending.sealedTokens).toMatchObject({ alg: 'AES-256-GCM' });
    expect(JSON.stringify(pending)).not.toMatch(/"access"|"refresh"/);

    const back = await bankDecides(started.link, 'authorize');
    expect(back.href).toBe(
      `http://app.test/app/banking/accounts/psd2?connection=${started.connectionId}&ref=${started.connectionId}`,
    );
    h.setNow('2026-03-10T09:05:00.000Z');
    const done = await complete(started.connectionId);
    expect(done.connection).toMatchObject({
      status: 'LINKED',
      providerStatus: 'LN',
      daysLeft: 120,
      tokenEncrypted: true,
    });
    expect(done.connection.consentExpiresAt).toBe('2026-07-08T09:05:00.000Z');
    expect(JSON.stringify(done)).not.toMatch(
      /sealed|"access"|"refresh"|requisition|agreement|providerAccountId/i,
    );
    expect(done.accounts).toHaveLength(2);
    expect(done.syncError).toBeNull();
    expect(done.sync!.created).toBeGreaterThan(15);
    expect(done.sync!.duplicates).toBe(0);

    const accounts = (await listAccountItems(h.deps, COMPANY)) as BankAccountItem[];
    expect(accounts.map((a) => a.iban).sort()).toEqual(done.accounts.map((a) => a.iban).sort());
    for (const a of accounts) {
      expect(a.feed.psd2ConnectionId).toBe(started.connectionId);
      expect(a.balanceDate).toBe('2026-03-10');
      const own = movements().filter((m) => m.accountId === a.accountId);
      const r = done.sync!.accounts.find((x) => x.accountId === a.accountId)!;
      expect(own).toHaveLength(r.created);
      expect(r.pending).toBe(1);
      // Pending transactions are never stored.
      expect(own.some((m) => m.description.includes('PENDIENTE'))).toBe(false);
      expect(own.every((m) => m.source === 'PSD2' && m.sourceId === started.connectionId)).toBe(true);
      expect(own.every((m) => m.fingerprint.startsWith('psd2:tx:'))).toBe(true);
      expect(a.balanceCents).toBe(r.balanceCents);
    }

    // A second sync re-reads the overlap: nothing new, everything recognised.
    h.setNow('2026-03-10T12:00:00.000Z');
    const again = await sync(started.connectionId);
    expect(again.created).toBe(0);
    expect(again.duplicates).toBeGreaterThan(0);
    // From each account's newest booked movement minus 3 days: the reserve account's is 28/02.
    expect(again.dateFrom).toBe('2026-02-25');

    const list = await run<Psd2ConnectionList>(psd2ConnectionsRoute, {});
    expect(list.items[0]).toMatchObject({ connectionId: started.connectionId, status: 'LINKED' });
    expect(list.items[0]!.lastSync).toMatchObject({ outcome: 'OK', trigger: 'MANUAL' });
    const actions = (h.table.all('Psd2Audit') as unknown as { action: string }[]).map((a) => a.action).sort();
    expect(actions).toEqual(['CONNECT', 'LINK', 'SYNC', 'SYNC']);
  });

  it('a bank without transaction ids: movements claimed by hash, never duplicated', async () => {
    const { done } = await connectAndLink('SANDBOXNORTE_NORTESB1');
    expect(done.connection.accessValidForDays).toBe(90);
    const first = movements();
    expect(first.length).toBe(done.sync!.created);
    expect(first.every((m) => m.fingerprint.startsWith('psd2:h:'))).toBe(true);
    h.setNow('2026-03-11T09:00:00.000Z');
    const again = await sync(done.connection.connectionId);
    expect(again.created).toBe(0);
    expect(movements()).toHaveLength(first.length);
  });

  it("'Cancelar' at the bank: REJECTED, tokens dropped, nothing linked", async () => {
    const started = (await psd2ConnectRoute.run(
      input({ body: { institutionId: 'SANDBOXCUADRA_CUADESMM' } }),
      h.deps,
    )) as Psd2ConnectResult;
    await bankDecides(started.link, 'cancel');
    const done = await complete(started.connectionId);
    expect(done.connection.status).toBe('REJECTED');
    expect(done.accounts).toEqual([]);
    expect(connection(started.connectionId).sealedTokens).toBeNull();
    expect(connection(started.connectionId).gsi1pk).toBeUndefined();
    expect((await codeOf(sync(started.connectionId))).code).toBe('BANK_CONFLICT');
  });

  it('validates the consent terms against the bank', async () => {
    const tooLong = await codeOf(
      psd2ConnectRoute.run(
        input({ body: { institutionId: 'SANDBOXNORTE_NORTESB1', accessValidForDays: 120 } }),
        h.deps,
      ),
    );
    expect(tooLong.code).toBe('CORE_004');
    const unknown = await codeOf(psd2ConnectRoute.run(input({ body: { institutionId: 'NOPE' } }), h.deps));
    expect(unknown.code).toBe('CORE_004');
  });

  it('a 429 answers BANK_PROVIDER_UNAVAILABLE with retry info and records the failed sync', async () => {
    const { started } = await connectAndLink();
    await fetch(`${bank.url}/_sandbox/rate-limit`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, resetSeconds: 3600 }),
    });
    const err = await codeOf(sync(started.connectionId));
    expect(err.code).toBe('BANK_PROVIDER_UNAVAILABLE');
    expect(err.details).toMatchObject({
      reason: 'RATE_LIMITED',
      retryAfterSeconds: 3600,
      retryAt: '2026-03-10T10:00:00.000Z',
    });
    expect(connection(started.connectionId)).toMatchObject({
      status: 'LINKED',
      lastSync: {
        outcome: 'FAILED',
        errorCode: 'BANK_PROVIDER_UNAVAILABLE',
        retryAfter: '2026-03-10T10:00:00.000Z',
      },
    });
    const metrics = await run<SecurityMetrics>(securityMetricsRoute, {});
    expect(metrics.syncs).toMatchObject({ ok: 1, failed: 1 });
  });

  it('an expired consent: EXPIRED + BANK_CONSENT_EXPIRED; renew links a new requisition to the same connection', async () => {
    const { started } = await connectAndLink();
    const requisitionBefore = connection(started.connectionId).requisitionId;
    await fetch(`${bank.url}/_sandbox/requisitions/${requisitionBefore}/expire`, { method: 'POST' });
    h.setNow('2026-03-11T09:00:00.000Z');
    const err = await codeOf(sync(started.connectionId));
    expect(err.code).toBe('BANK_CONSENT_EXPIRED');
    expect(connection(started.connectionId).status).toBe('EXPIRED');
    const recs = await run<SecurityRecommendations>(securityRecommendationsRoute, {});
    expect(recs.items[0]).toMatchObject({ severity: 'HIGH', id: `expired-${started.connectionId}` });

    const renewal = (await renewIt(started.connectionId)) as Psd2ConnectResult;
    expect(renewal.connectionId).toBe(started.connectionId);
    expect(renewal.link).not.toBe(started.link);
    const back = await bankDecides(renewal.link, 'authorize');
    expect(back.searchParams.get('connection')).toBe(started.connectionId);
    const done = await complete(started.connectionId);
    expect(done.connection).toMatchObject({
      status: 'LINKED',
      renewalLink: null,
      consentExpiresAt: '2026-09-07T09:00:00.000Z',
    });
    expect(connection(started.connectionId).requisitionId).not.toBe(requisitionBefore);
    expect(done.sync!.created).toBeGreaterThanOrEqual(0);
  });

  it('revoke deletes the requisition at the provider, erases the session and unlinks the accounts', async () => {
    const { started } = await connectAndLink();
    const requisitionId = connection(started.connectionId).requisitionId;
    const res = await revokeIt(started.connectionId);
    expect(res).toMatchObject({ status: 'REVOKED', revokedAt: T0.toISOString() });
    expect(connection(started.connectionId).sealedTokens).toBeNull();
    const state = (await (await fetch(`${bank.url}/_sandbox`)).json()) as {
      requisitions: { id: string; deleted: boolean }[];
    };
    expect(state.requisitions.find((r) => r.id === requisitionId)?.deleted).toBe(true);
    for (const a of (await listAccountItems(h.deps, COMPANY)) as BankAccountItem[])
      expect(a.feed.psd2ConnectionId).toBeNull();
    expect((await codeOf(sync(started.connectionId))).code).toBe('BANK_CONSENT_EXPIRED');
    const report = await run<ComplianceReport>(complianceReportRoute, { query: {} });
    expect(report.consents[0]).toMatchObject({
      status: 'REVOKED',
      connectedBy: 'ana@empresa.test',
      tokenEncrypted: true,
    });
    expect(report.audit.map((a) => a.action)).toEqual(['REVOKE', 'SYNC', 'LINK', 'CONNECT']);
  });

  it('the schedule syncs linked connections at most every 6 hours and marks expired consents', async () => {
    const { started } = await connectAndLink();
    h.setNow('2026-03-10T12:00:00.000Z');
    expect(await syncAllFeeds(h.deps, { ...workerCtx, remainingMs: () => 300_000 })).toEqual({
      synced: 0,
      skipped: 1,
      failed: 0,
      expired: 0,
    });
    h.setNow('2026-03-10T15:00:00.000Z');
    expect(await syncAllFeeds(h.deps, { ...workerCtx, remainingMs: () => 300_000 })).toEqual({
      synced: 1,
      skipped: 0,
      failed: 0,
      expired: 0,
    });
    h.setNow('2026-03-10T21:00:00.000Z');
    expect(await syncAllFeeds(h.deps, { ...workerCtx, remainingMs: () => 300_000 })).toMatchObject({
      synced: 1,
    });
    const policies = await run<SecurityPolicies>(securityPoliciesRoute, {});
    const sync = policies.items.find((p) => p.id === 'sync-interval')!;
    expect(sync).toMatchObject({ compliant: true });
    expect(sync.evidence).toContain('6 h');
    expect(policies.items.find((p) => p.id === 'tokens-encrypted')).toMatchObject({ compliant: true });
    expect(policies.items.find((p) => p.id === 'access-by-role')).toMatchObject({ compliant: true });

    // Past the consent's end: the schedule marks it EXPIRED.
    h.setNow('2026-09-08T09:00:00.000Z');
    expect(await syncAllFeeds(h.deps, { ...workerCtx, remainingMs: () => 300_000 })).toMatchObject({
      expired: 1,
    });
    expect(connection(started.connectionId).status).toBe('EXPIRED');
    const overview = await run<SecurityOverview>(securityOverviewRoute, {});
    expect(overview.connections).toMatchObject({ total: 1, linked: 0, expired: 1 });
    expect(overview.recommendations.high).toBe(1);
  });
});
