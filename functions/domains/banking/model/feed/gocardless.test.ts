import {
  type RunningSandboxBank,
  SANDBOX_BANK_CREDENTIALS,
  startSandboxBank,
} from '@infra/local/sandbox-bank/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToCents, consentStateOf, goCardlessFeed } from './gocardless';
import { FeedError, type FeedSession } from './port';

const NOW = new Date('2026-03-10T09:00:00.000Z');
let now = NOW;
let bank: RunningSandboxBank;

beforeAll(async () => {
  bank = await startSandboxBank({ port: 0, now: () => now });
});
afterAll(() => bank.stop());

const feed = (credentials: { secretId: string; secretKey: string } = { ...SANDBOX_BANK_CREDENTIALS }) =>
  goCardlessFeed({ baseUrl: bank.url, credentials: async () => credentials });

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof FeedError) return e.kind;
    throw e;
  }
  return 'none';
}

/** The user on the bank's consent page: 'Autorizar' or 'Cancelar'; answers where the bank sends them. */
async function decide(link: string, choice: 'authorize' | 'cancel'): Promise<URL> {
  const page = await fetch(link);
  const html = await page.text();
  expect(html).toContain(choice === 'authorize' ? 'Autorizar' : 'Cancelar');
  const action = new URL(link).pathname.split('/').slice(0, 4).join('/');
  const res = await fetch(`${bank.url}${action}/${choice}`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function consent(
  s: FeedSession,
  institutionId = 'SANDBOXCUADRA_CUADESMM',
  reference = `ref-${Math.random()}`,
  accessValidForDays = 180,
) {
  return s.createConsent({
    institutionId,
    maxHistoricalDays: 90,
    accessValidForDays,
    scopes: ['balances', 'details', 'transactions'],
    redirectUrl: 'http://app.test/app/banking/accounts/psd2?connection=c1',
    reference,
    language: 'ES',
  });
}

describe('amounts and statuses', () => {
  it('reads decimal strings exactly into céntimos', () => {
    expect(amountToCents('-1234.5')).toBe(-123450);
    expect(amountToCents('0.07')).toBe(7);
    expect(amountToCents('+12')).toBe(1200);
    expect(() => amountToCents('12,50')).toThrow(FeedError);
  });
  it('maps the requisition statuses', () => {
    expect(['CR', 'GC', 'UA', 'SA', 'GA', 'LN', 'RJ', 'EX'].map(consentStateOf)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
      'PENDING',
      'PENDING',
      'LINKED',
      'REJECTED',
      'EXPIRED',
    ]);
  });
});

describe('GoCardless adapter against the sandbox bank', () => {
  it('refuses wrong credentials at token/new', async () => {
    expect(await kindOf(feed({ secretId: 'x', secretKey: 'y' }).session(null, now))).toBe('UNAUTHORIZED');
  });

  it('reuses a fresh token, refreshes a stale access token, asks new ones when both are stale', async () => {
    const s = await feed().session(null, now);
    expect((await feed().session(s.tokens, now)).tokens).toBe(s.tokens);
    const staleAccess = { ...s.tokens, accessExpiresAt: new Date(now.getTime() - 1000).toISOString() };
    const refreshed = await feed().session(staleAccess, now);
    expect(refreshed.tokens.refresh).toBe(s.tokens.refresh);
    expect(refreshed.tokens.access).not.toBe(s.tokens.access);
    expect((await refreshed.institutions('ES')).length).toBe(2);
    const allStale = { ...staleAccess, refreshExpiresAt: staleAccess.accessExpiresAt };
    const fresh = await feed().session(allStale, now);
    expect(fresh.tokens.refresh).not.toBe(s.tokens.refresh);
  });

  it('the whole flow: institutions, consent link, Autorizar, accounts, balances consistent with movements', async () => {
    const s = await feed().session(null, now);
    const institutions = await s.institutions('ES');
    expect(institutions.map((i) => i.name)).toEqual(['Banco Sandbox Cuadra', 'Caja Sandbox Norte']);
    expect(institutions[0]).toMatchObject({
      bic: 'CUADESMMXXX',
      maxAccessValidForDays: 180,
      transactionTotalDays: 730,
    });

    const c = await consent(s, 'SANDBOXCUADRA_CUADESMM', 'conn-flow');
    expect(c.accessValidForDays).toBe(180);
    expect(await s.consentStatus(c.consentId)).toMatchObject({
      state: 'PENDING',
      providerStatus: 'CR',
      accountIds: [],
    });

    const back = await decide(c.link, 'authorize');
    expect(back.origin + back.pathname).toBe('http://app.test/app/banking/accounts/psd2');
    expect(back.searchParams.get('connection')).toBe('c1');
    expect(back.searchParams.get('ref')).toBe('conn-flow');

    const status = await s.consentStatus(c.consentId);
    expect(status.state).toBe('LINKED');
    expect(status.accountIds).toHaveLength(2);

    const id = status.accountIds[0]!;
    const details = await s.accountDetails(id);
    expect(details.iban).toMatch(/^ES\d{22}$/);
    expect(details).toMatchObject({ ownerName: 'Demo Cuadra, S.L.', currency: 'EUR' });

    const all = await s.transactions(id, { from: '2026-01-01', to: '2026-03-10' });
    expect(all.booked.length).toBeGreaterThan(15);
    expect(all.pending).toHaveLength(1);
    expect(all.booked.every((t) => t.transactionId !== null && t.bookingDate <= '2026-03-10')).toBe(true);
    const texts = all.booked.map((t) => t.remittance.join(' '));
    for (const expected of [
      'NOMINA',
      'TGSS',
      'ALQUILER',
      'IBERDROLA',
      'COMISION MANTENIMIENTO',
      'TRANSFERENCIA DE',
    ]) {
      expect(texts.some((t) => t.includes(expected))).toBe(true);
    }
    const rent = all.booked.find((t) => t.remittance.join(' ').includes('ALQUILER'))!;
    expect(rent).toMatchObject({ amountCents: -95000, counterpartyName: 'INMUEBLES CASTELLANA SL' });
    const incoming = all.booked.find((t) => t.amountCents > 0)!;
    expect(incoming.counterpartyIban).toMatch(/^ES\d{22}$/);

    const balances = await s.balances(id);
    const closing = balances.find((b) => b.type === 'closingBooked')!;
    const available = balances.find((b) => b.type === 'interimAvailable')!;
    // The sandbox's opening balance of this account plus every booked movement of its 60 days.
    const sum = all.booked.reduce((acc, t) => acc + t.amountCents, 0);
    expect(closing.amountCents).toBe(1_845_032 + sum);
    expect(available.amountCents).toBe(closing.amountCents + all.pending[0]!.amountCents);
    expect(closing.referenceDate).toBe('2026-03-10');

    const window = await s.transactions(id, { from: '2026-03-01', to: '2026-03-05' });
    expect(window.booked.every((t) => t.bookingDate >= '2026-03-01' && t.bookingDate <= '2026-03-05')).toBe(
      true,
    );
    expect(window.pending).toHaveLength(0);
  });

  it('the second bank gives no transaction ids', async () => {
    const s = await feed().session(null, now);
    const c = await consent(s, 'SANDBOXNORTE_NORTESB1', 'norte', 90);
    expect(c.accessValidForDays).toBe(90);
    await decide(c.link, 'authorize');
    const [id] = (await s.consentStatus(c.consentId)).accountIds;
    const txs = await s.transactions(id!, { from: '2026-01-01', to: '2026-03-10' });
    expect(txs.booked.length).toBeGreaterThan(3);
    expect(txs.booked.every((t) => t.transactionId === null)).toBe(true);
  });

  it("'Cancelar' rejects the requisition and says so on the way back", async () => {
    const s = await feed().session(null, now);
    const c = await consent(s);
    const back = await decide(c.link, 'cancel');
    expect(back.searchParams.get('error')).toBe('UserCancelledSession');
    expect((await s.consentStatus(c.consentId)).state).toBe('REJECTED');
  });

  it('a 429 carries the reset seconds; an expired or deleted consent answers CONSENT_EXPIRED', async () => {
    const s = await feed().session(null, now);
    const c = await consent(s);
    await decide(c.link, 'authorize');
    const [id] = (await s.consentStatus(c.consentId)).accountIds;
    await fetch(`${bank.url}/_sandbox/rate-limit`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, resetSeconds: 5400 }),
    });
    const limited = await s.balances(id!).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(FeedError);
    expect(limited).toMatchObject({ kind: 'RATE_LIMITED', status: 429, retryAfterSeconds: 5400 });
    expect((await s.balances(id!)).length).toBe(2);

    now = new Date(NOW.getTime() + 181 * 86_400_000);
    try {
      const later = await feed().session(null, now);
      expect((await later.consentStatus(c.consentId)).state).toBe('EXPIRED');
      expect(await kindOf(later.transactions(id!, { from: '2026-08-01', to: '2026-09-07' }))).toBe(
        'CONSENT_EXPIRED',
      );
    } finally {
      now = NOW;
    }

    const d = await consent(s);
    await decide(d.link, 'authorize');
    const [other] = (await s.consentStatus(d.consentId)).accountIds;
    await s.deleteConsent(c.consentId);
    await s.deleteConsent(d.consentId);
    await s.deleteConsent(d.consentId); // already gone: nothing to do
    expect(await kindOf(s.accountDetails(other!))).toBe('CONSENT_EXPIRED');
    expect(await kindOf(s.consentStatus(d.consentId))).toBe('NOT_FOUND');
  });

  it('refuses a consent longer than the bank allows', async () => {
    const s = await feed().session(null, now);
    const err = await s
      .createConsent({
        institutionId: 'SANDBOXNORTE_NORTESB1',
        maxHistoricalDays: 90,
        accessValidForDays: 181,
        scopes: ['balances'],
        redirectUrl: 'http://app.test/x',
        reference: 'too-long',
        language: 'ES',
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'UNAVAILABLE', status: 400 });
  });
});
