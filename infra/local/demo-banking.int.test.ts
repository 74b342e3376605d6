/**
 * The demo banking of `npm start` (infra/local/seed-banking.ts), seeded through the API: Panadería La
 * Espiga SL's account from its Norma 43 statement (balance = the file's closing balance, opening + Σ
 * movements = closing), the reconciliation session left in progress with its proposals (the transfer
 * naming an invoice proposed from 80 up), the rule, the SEPA mandate and the transfer order;
 * Transportes Levante Norte SA's PSD2 connection to the sandbox bank, linked and synced; the treasury
 * forecast opening at the sum of the balances. A second run of the seed adds nothing.
 */

import type { Page } from '@shared/api/envelope';
import type { BankAccount, ImportPage, MovementPage } from '@shared/schemas/banking';
import type { Psd2ConnectionList } from '@shared/schemas/psd2';
import type { ReconciliationRule, SessionDetail, SessionListItem } from '@shared/schemas/reconciliation';
import type { Mandate, PaymentOrder, PaymentOrderSummary } from '@shared/schemas/sepa';
import type { LiquidityForecast } from '@shared/schemas/treasury';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_BANK_IBAN, DEMO_N43_FILE_NAME, DEMO_RULE, seedDemoBanking } from './seed-banking';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { DEMO_SII_COMPANY } from './seed-sii';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const BK = '/api/v1/banking';

let token: string;
async function get<T>(companyId: string, path: string, query?: Record<string, string>): Promise<T> {
  const res = await api.request<T>('GET', path, { token, companyId, query });
  if (!res.body.success) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
}

async function allMovements(companyId: string, accountId: string) {
  const out: MovementPage['items'] = [];
  let cursor: string | null = null;
  do {
    const page: MovementPage = await get<MovementPage>(companyId, `${BK}/movements`, {
      accountId,
      limit: '200',
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const bakeryAccount = async () => {
  const accounts = await get<BankAccount[]>(DEMO_INVOICING_COMPANY, `${BK}/accounts`);
  const account = accounts.find((a) => a.iban === DEMO_BANK_IBAN);
  if (!account)
    throw new Error(`no account ${DEMO_BANK_IBAN} among ${accounts.map((a) => a.iban).join(', ')}`);
  return account;
};

/** What the seed created, counted: a second run must leave every number as it was. */
async function census() {
  const bakery = await get<BankAccount[]>(DEMO_INVOICING_COMPANY, `${BK}/accounts`);
  const transport = await get<BankAccount[]>(DEMO_SII_COMPANY, `${BK}/accounts`);
  const movements = async (companyId: string, accounts: BankAccount[]) =>
    (await Promise.all(accounts.map((a) => allMovements(companyId, a.accountId)))).reduce(
      (s, m) => s + m.length,
      0,
    );
  return {
    bakeryAccounts: bakery.length,
    bakeryMovements: await movements(DEMO_INVOICING_COMPANY, bakery),
    imports: (await get<ImportPage>(DEMO_INVOICING_COMPANY, `${BK}/imports`)).items.length,
    sessions: (
      await get<Page<SessionListItem>>(DEMO_INVOICING_COMPANY, `${BK}/reconciliation/sessions`, {
        size: '50',
      })
    ).totalElements,
    rules: (await get<ReconciliationRule[]>(DEMO_INVOICING_COMPANY, `${BK}/reconciliation/rules`)).length,
    mandates: (await get<{ items: Mandate[] }>(DEMO_INVOICING_COMPANY, `${BK}/mandates`)).items.length,
    orders: (await get<{ items: PaymentOrderSummary[] }>(DEMO_INVOICING_COMPANY, `${BK}/payment-orders`))
      .items.length,
    connections: (await get<Psd2ConnectionList>(DEMO_SII_COMPANY, `${BK}/psd2/connections`)).items.length,
    transportAccounts: transport.length,
    transportMovements: await movements(DEMO_SII_COMPANY, transport),
  };
}

describe('demo banking (npm start)', () => {
  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
    // The start-up seeds it; running it here too makes the file independent of the wiring (a no-op then).
    await seedDemoBanking(cloud);
  }, 180_000);

  it('created the bakery account from its N43 statement: balance = closing, opening + Σ = closing', async () => {
    const account = await bakeryAccount();
    const imports = await get<ImportPage>(DEMO_INVOICING_COMPANY, `${BK}/imports`);
    const imported = imports.items.find((i) => i.fileName === DEMO_N43_FILE_NAME);
    expect(imported?.encoding).toBe('ISO-8859-1');
    const statement = imported!.accounts.find((a) => a.iban === DEMO_BANK_IBAN)!;
    expect(statement.accountCreated).toBe(true);
    expect(account.balanceCents).toBe(statement.closingCents);
    expect(account.balanceDate).toBe(statement.toDate);
    expect(account.feed.n43).toBe(true);

    const movements = await allMovements(DEMO_INVOICING_COMPANY, account.accountId);
    expect(movements).toHaveLength(statement.movements);
    expect(account.movementCount).toBe(statement.movements);
    // Rent, TPV, TGSS and fee of at least one month, plus the documents' collections and payments.
    expect(movements.length).toBeGreaterThanOrEqual(10);
    expect(statement.openingCents + movements.reduce((s, m) => s + m.amountCents, 0)).toBe(
      statement.closingCents,
    );
    expect(
      movements.every((m) => m.bookingDate >= statement.fromDate && m.bookingDate <= statement.toDate),
    ).toBe(true);
    const fee = movements.find((m) => m.commonConcept === '17');
    expect(fee?.description).toMatch(/COMISION MANTENIMIENTO/);
    const tgss = movements.find((m) => m.commonConcept === '15');
    expect(tgss?.description).toMatch(/SEGURIDAD SOCIAL/);
  });

  it('left a session in progress whose proposals include the transfer naming an invoice (≥ 80)', async () => {
    const account = await bakeryAccount();
    const sessions = await get<Page<SessionListItem>>(
      DEMO_INVOICING_COMPANY,
      `${BK}/reconciliation/sessions`,
      {
        accountId: account.accountId,
      },
    );
    expect(sessions.content).toHaveLength(1);
    const session = sessions.content[0]!;
    expect(session.status).toBe('IN_PROGRESS');
    const detail = await get<SessionDetail>(
      DEMO_INVOICING_COMPANY,
      `${BK}/reconciliation/sessions/${session.sessionId}`,
    );
    expect(detail.movements.length).toBe(account.movementCount);
    const proposed = detail.movements.filter((m) => m.proposal);
    expect(proposed.length).toBeGreaterThanOrEqual(5);
    const byNumber = proposed.find(
      (m) =>
        m.proposal!.reasons.some((r) => r.code === 'DOCUMENT_NUMBER') && m.proposal!.items[0]?.kind === 'INV',
    );
    expect(byNumber, 'a collection proposed by its invoice number').toBeDefined();
    expect(byNumber!.proposal!.score).toBeGreaterThanOrEqual(80);
    expect(byNumber!.proposal!.differenceCents).toBe(0);
    // One transfer settling two invoices of the same customer.
    expect(proposed.some((m) => m.proposal!.reasons.some((r) => r.code === 'SUM_OF_DOCUMENTS'))).toBe(true);
    // A payment on account of an invoice.
    expect(proposed.some((m) => m.proposal!.reasons.some((r) => r.code === 'PARTIAL_PAYMENT'))).toBe(true);
    // The TGSS quota by the rule the gestor taught; the fee by the built-in one.
    const tgss = proposed.find((m) => m.commonConcept === '15');
    expect(tgss?.proposal?.items[0]?.accountCode).toBe('642');
    expect(tgss?.proposal?.reasons.some((r) => r.code === 'RULE')).toBe(true);
    expect(proposed.find((m) => m.commonConcept === '17')?.proposal?.items[0]?.accountCode).toBe('626');

    const rules = await get<ReconciliationRule[]>(DEMO_INVOICING_COMPANY, `${BK}/reconciliation/rules`);
    expect(rules.filter((r) => r.pattern.toUpperCase() === DEMO_RULE.pattern)).toHaveLength(1);
  });

  it('has the SEPA settings, the school mandate and a transfer order paying the mill', async () => {
    const account = await bakeryAccount();
    const settings = await get<{ creditorIdentifier: string | null; defaultAccountId: string | null }>(
      DEMO_INVOICING_COMPANY,
      `${BK}/settings`,
    );
    // ES + check digits + suffix 000 + the company's NIF (B46128732).
    expect(settings.creditorIdentifier).toMatch(/^ES\d{2}000B46128732$/);
    expect(settings.defaultAccountId).toBe(account.accountId);
    const { items: mandates } = await get<{ items: Mandate[] }>(DEMO_INVOICING_COMPANY, `${BK}/mandates`);
    expect(mandates).toHaveLength(1);
    expect(mandates[0]).toMatchObject({
      status: 'ACTIVE',
      scheme: 'CORE',
      debtorName: 'Colegio San José de Calasanz',
    });
    const { items: orders } = await get<{ items: PaymentOrderSummary[] }>(
      DEMO_INVOICING_COMPANY,
      `${BK}/payment-orders`,
    );
    expect(orders).toHaveLength(1);
    const order = await get<PaymentOrder>(
      DEMO_INVOICING_COMPANY,
      `${BK}/payment-orders/${orders[0]!.orderId}`,
    );
    expect(order).toMatchObject({
      kind: 'TRANSFER',
      schema: 'pain.001.001.03',
      accountId: account.accountId,
    });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ documentKind: 'REC', documentNumber: 'HT-2026-1184' });
    expect(order.items[0]!.iban).toMatch(/^ES\d{22}$/);
  });

  it('linked Transportes Levante to the sandbox bank by PSD2, with its accounts and movements', async () => {
    const { items } = await get<Psd2ConnectionList>(DEMO_SII_COMPANY, `${BK}/psd2/connections`);
    expect(items).toHaveLength(1);
    const connection = items[0]!;
    expect(connection.status).toBe('LINKED');
    expect(connection.institutionName).toBe('Banco Sandbox Cuadra');
    expect(connection.accounts.length).toBeGreaterThan(0);
    expect(connection.lastSync?.outcome).toBe('OK');
    const accounts = await get<BankAccount[]>(DEMO_SII_COMPANY, `${BK}/accounts`);
    for (const linked of connection.accounts) {
      const account = accounts.find((a) => a.accountId === linked.accountId);
      expect(account?.feed.psd2ConnectionId).toBe(connection.connectionId);
      expect(account?.balanceDate).not.toBeNull();
    }
    const movements = await Promise.all(
      connection.accounts.map((a) => allMovements(DEMO_SII_COMPANY, a.accountId)),
    );
    expect(movements.flat().length).toBeGreaterThan(0);
    expect(movements.flat().every((m) => m.source === 'PSD2')).toBe(true);
  });

  it('opens the treasury forecast at the sum of the active accounts balances', async () => {
    for (const companyId of [DEMO_INVOICING_COMPANY, DEMO_SII_COMPANY]) {
      const accounts = await get<BankAccount[]>(companyId, `${BK}/accounts`);
      const liquidity = await get<LiquidityForecast>(companyId, '/api/v1/treasury/liquidity');
      const sum = accounts
        .filter((a) => a.active && a.currency === 'EUR')
        .reduce((s, a) => s + a.balanceCents, 0);
      expect(sum).not.toBe(0);
      expect(liquidity.openingCents).toBe(sum);
      expect(liquidity.weeks).toHaveLength(13);
    }
  });

  it('adds nothing when it runs again (a second start)', async () => {
    const before = await census();
    await seedDemoBanking(cloud);
    expect(await census()).toEqual(before);
  }, 120_000);
});
