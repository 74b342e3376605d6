import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { isAppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { accountingMessages } from '@shared/schemas/accounting';
import { beforeEach, describe, expect, it } from 'vitest';
import { WITHHOLDING_SUB_ACCOUNTS } from '../model/chart/withholding-accounts';
import {
  accountingHarness,
  balancesFromAggregates,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  receivedEventBody,
  receivedInvoice,
  TABLE,
  workerCtx,
} from '../testing/harness';
import { processMessage } from '../workers/post-events';
import {
  categoryDefaultAccounts,
  createSubAccount,
  deleteSubAccount,
  ensurePartyAccount,
  generateSubAccountCode,
  initializeChart,
  postableExpenseAccount,
  updateAccountingSettings,
  updateSubAccount,
} from './chart';
import { ENTITY } from './items';
import { createManualEntry } from './manual-entries';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
});

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

const party = { kind: 'CUSTOMER' as const, partyKey: 'cu-1', nif: 'B12345674', name: 'Ferretería López SL' };

describe('initializeChart', () => {
  it('writes the PGC accounts and the settings once, and queues the backfill once', async () => {
    const first = await initializeChart(h.deps, COMPANY, 'PYMES');
    const accounts = h.table.all(ENTITY.account).length;
    const second = await initializeChart(h.deps, COMPANY, 'PYMES');

    expect(first).toMatchObject({ alreadyInitialized: false, backfillQueued: true, chartType: 'PYMES' });
    expect(first.created).toBe(accounts);
    expect(accounts).toBeGreaterThan(600);
    expect(second).toMatchObject({
      alreadyInitialized: true,
      created: 0,
      backfillQueued: false,
      totalAccounts: accounts,
    });
    expect(h.queued()).toHaveLength(1);
    expect(h.table.get(keys.account(COMPANY, '4300'))).toMatchObject({ isPgc: true, acceptsEntries: true });
    expect(h.table.get(keys.account(COMPANY, '430'))).toMatchObject({ acceptsEntries: false });
  });
});

describe('sub-accounts', () => {
  beforeEach(async () => {
    await initializeChart(h.deps, COMPANY, 'PYMES');
  });

  it('gives a party one sub-account even when two postings claim it at once', async () => {
    const [a, b] = await Promise.all([
      ensurePartyAccount(h.deps, COMPANY, '4300', party),
      ensurePartyAccount(h.deps, COMPANY, '4300', party),
    ]);

    expect(a).toBe(b);
    const subs = h.table
      .all(ENTITY.account)
      .filter((x) => x.level === 'SUBACCOUNT' && x.parentCode === '4300');
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ accountCode: a, parentCode: '4300', party, type: 'ASSET' });
    // The loser's sequence number is not reused (numbers of sub-accounts may skip, never repeat).
    expect(await ensurePartyAccount(h.deps, COMPANY, '4300', { ...party, partyKey: 'cu-2' })).toBe(
      '43000003',
    );
  });

  it('skips a code a person took by hand', async () => {
    await createSubAccount(h.deps, COMPANY, {
      parentCode: '4300',
      accountCode: '43000001',
      accountName: 'A mano',
    });

    expect(await ensurePartyAccount(h.deps, COMPANY, '4300', party)).toBe('43000002');
  });

  it('creates, generates codes for, renames and deletes sub-accounts; PGC accounts are read-only', async () => {
    expect(await generateSubAccountCode(h.deps, COMPANY, '572')).toEqual({
      parentCode: '572',
      accountCode: '57200001',
      displayCode: '572.00.001',
    });
    const bank = await createSubAccount(h.deps, COMPANY, {
      parentCode: '572',
      accountName: 'Banco Sabadell',
    });
    expect(bank).toMatchObject({
      accountCode: '57200001',
      level: 'SUBACCOUNT',
      isPgc: false,
      acceptsEntries: true,
    });
    expect((await generateSubAccountCode(h.deps, COMPANY, '572')).accountCode).toBe('57200002');

    const renamed = await updateSubAccount(h.deps, COMPANY, '57200001', {
      accountName: 'Banco Sabadell c/c',
    });
    expect(renamed.accountName).toBe('Banco Sabadell c/c');
    expect(await refusal(updateSubAccount(h.deps, COMPANY, '572', { accountName: 'x' }))).toEqual({
      code: 'ACC_READ_ONLY',
      message: accountingMessages.pgcAccountReadOnly,
    });
    expect((await refusal(deleteSubAccount(h.deps, COMPANY, '572'))).code).toBe('ACC_READ_ONLY');
    expect(
      (await refusal(createSubAccount(h.deps, COMPANY, { parentCode: '430', accountName: 'x' }))).code,
    ).toBe('CORE_004');

    await deleteSubAccount(h.deps, COMPANY, '57200001');
    expect(h.table.get(keys.account(COMPANY, '57200001'))).toBeUndefined();
  });

  it('refuses to delete a sub-account with entries', async () => {
    await createSubAccount(h.deps, COMPANY, { parentCode: '572', accountName: 'Banco' });
    await createManualEntry(h.deps, {
      companyId: COMPANY,
      userId: 'u-owner',
      body: {
        entryDate: '2026-03-15',
        description: 'Capital',
        lines: [
          { accountId: '57200001', debitCents: 100 },
          { accountId: '100', creditCents: 100 },
        ],
      },
    });

    expect((await refusal(deleteSubAccount(h.deps, COMPANY, '57200001'))).code).toBe('ACC_READ_ONLY');
  });
});

describe('settings', () => {
  beforeEach(async () => {
    await initializeChart(h.deps, COMPANY, 'PYMES');
  });

  it('maps categories and suppliers to accounts of the chart that accept entries', async () => {
    const next = await updateAccountingSettings(h.deps, COMPANY, {
      categoryAccounts: { 'cat-rent': '621' },
      bankAccount: '572',
    });

    expect(next).toMatchObject({
      categoryAccounts: { 'cat-rent': '621' },
      bankAccount: '572',
      closedThrough: null,
    });
    expect((await refusal(updateAccountingSettings(h.deps, COMPANY, { bankAccount: '57' }))).code).toBe(
      'CORE_004',
    );
    expect(
      (await refusal(updateAccountingSettings(h.deps, COMPANY, { supplierAccounts: { 'su-1': '9999' } })))
        .message,
    ).toContain('no existe');
  });
});

describe("expense categories' own accounts", () => {
  const none = new Map<string, { acceptsEntries: boolean; active: boolean }>();

  it('resolves each to an account of the chart that accepts entries, deterministically', () => {
    expect(postableExpenseAccount('621', none, 'PYMES', '629')).toBe('621');
    // A parent of the chart: its first account that accepts entries.
    expect(postableExpenseAccount('630', none, 'PYMES', '629')).toBe('6300');
    // Codes the chart lacks: the nearest account above that accepts entries.
    expect(postableExpenseAccount('6290', none, 'PYMES', '629')).toBe('629');
    expect(postableExpenseAccount('62955', none, 'PYMES', '629')).toBe('629');
    // Nothing of the chart above or below: the fallback.
    expect(postableExpenseAccount('6999', none, 'PYMES', '629')).toBe('629');
    // A sub-account a person created is itself; an inactive one is not used.
    const stored = new Map([
      ['6290001', { acceptsEntries: true, active: true }],
      ['6210001', { acceptsEntries: true, active: false }],
    ]);
    expect(postableExpenseAccount('6290001', stored, 'PYMES', '629')).toBe('6290001');
    expect(postableExpenseAccount('6210001', stored, 'PYMES', '629')).toBe('621');
  });

  it("reads the company's categories once and resolves them against its stored chart", async () => {
    const { settings } = await initializeChart(h.deps, COMPANY, 'PYMES', { queueBackfill: false });
    await createSubAccount(h.deps, COMPANY, {
      parentCode: '629',
      accountName: 'Dietas',
      accountCode: '6290001',
    });
    for (const [categoryId, pgcAccount] of [
      ['cat-1', '6290001'],
      ['cat-2', '628'],
      ['cat-3', '6305'],
    ]) {
      h.table.put({
        ...keys.expenseCategory(COMPANY, categoryId!),
        entity: 'ExpenseCategory',
        categoryId,
        companyId: COMPANY,
        pgcAccount,
      });
    }
    const writes = h.table.writes.length;

    expect(await categoryDefaultAccounts(h.deps, COMPANY, settings)).toEqual({
      'cat-1': '6290001',
      'cat-2': '628',
      // 6305 is not in the chart and 630 takes no entries: the default expense account.
      'cat-3': '629',
    });
    expect(h.table.writes.length).toBe(writes);
    expect(await categoryDefaultAccounts(h.deps, 'co-none', settings)).toEqual({});
  });
});

// --- the 4751 sub-accounts of the withholding returns ----------------------------------------------------

const WITHHOLDING_CODES = ['47510111', '47510115', '47510123', '47510216'];
const withholdingAccounts = () =>
  h.table
    .all(ENTITY.account)
    .filter((a) => String(a.accountCode).startsWith('4751') && a.accountCode !== '4751')
    .sort((a, b) => String(a.accountCode).localeCompare(String(b.accountCode)));

/** A chart initialised before the withholding sub-accounts existed. */
async function chartWithoutWithholdingAccounts(): Promise<void> {
  await initializeChart(h.deps, COMPANY, 'PYMES');
  for (const code of WITHHOLDING_CODES)
    await h.deps.db.send(new DeleteCommand({ TableName: TABLE, Key: keys.account(COMPANY, code) }));
  expect(withholdingAccounts()).toEqual([]);
}

const setCounter = (parentCode: string, last: number) =>
  h.table.put({ ...keys.subAccountCounter(COMPANY, parentCode), entity: ENTITY.subAccountCounter, last });

/** A received invoice of 1.000,00 € + 21 % VAT with an IRPF withholding of this kind and rate. */
const withheld = (receivedInvoiceId: string, withholdingKind: 'RENT' | 'PROFESSIONAL', irpfRateBp: number) =>
  receivedEventBody(
    'RECEIVED_REGISTERED',
    receivedInvoice({
      receivedInvoiceId,
      supplierInvoiceNumber: `F-${receivedInvoiceId}`,
      lines: [{ unitPriceCents: 100_000 }],
      irpfRateBp,
      withholdingKind,
    }),
  );

describe('the 4751 sub-accounts of the withholding returns (modelos 111, 115, 123, 216)', () => {
  it('are created with the chart (PYMES and normal), under 4751, once', async () => {
    for (const chartType of ['PYMES', 'NORMAL'] as const) {
      h.reset();
      const first = await initializeChart(h.deps, COMPANY, chartType);
      expect(withholdingAccounts().map((a) => [a.accountCode, a.accountName])).toEqual(
        WITHHOLDING_SUB_ACCOUNTS.map((d) => [d.code, d.name]),
      );
      for (const a of withholdingAccounts())
        expect(a).toMatchObject({
          level: 'SUBACCOUNT',
          parentCode: '4751',
          type: 'LIABILITY',
          categoryCode: '47',
          isPgc: false,
          acceptsEntries: true,
          active: true,
          party: null,
        });
      expect(first.created).toBe(h.table.all(ENTITY.account).length);
      expect((await initializeChart(h.deps, COMPANY, chartType)).created).toBe(0);
      expect(withholdingAccounts()).toHaveLength(4);
    }
  });

  it('a rent invoice with 19 % IRPF credits 47510115, a professional with 15 % 47510111; both roll up into 4751', async () => {
    await initializeChart(h.deps, COMPANY, 'PYMES');

    expect(await processMessage(h.deps, withheld('ri-rent', 'RENT', 1900), workerCtx)).toBe('posted');
    expect(await processMessage(h.deps, withheld('ri-pro', 'PROFESSIONAL', 1500), workerCtx)).toBe('posted');

    const b = books(h);
    const irpf = b.lines
      .filter((l) => String(l.accountCode).startsWith('4751'))
      .map((l) => [l.accountCode, l.debitCents, l.creditCents, l.description]);
    expect(irpf).toHaveLength(2);
    expect(irpf).toEqual(
      expect.arrayContaining([
        ['47510115', 0, 19_000, 'Retención IRPF 19 % (modelo 115)'],
        ['47510111', 0, 15_000, 'Retención IRPF 15 % (modelo 111)'],
      ]),
    );
    expect(balancesFromAggregates(b.aggregates, 'C')['4751']).toBe(-34_000);
    const s = balancesFromAggregates(b.aggregates, 'S');
    expect([s['47510115'], s['47510111']]).toEqual([-19_000, -15_000]);
    expect(balancesFromLines(b.lines)['4751']).toBeUndefined();
    // The entry names the sub-account.
    const rent = b.entries.find((e) => e.sourceKey === 'REC#ri-rent') as {
      lines: { accountCode: string; accountName: string }[];
    };
    expect(rent.lines.find((l) => l.accountCode === '47510115')?.accountName).toBe(
      'HP acreedora por retenciones practicadas (modelo 115)',
    );
  });

  it('a chart initialised before them gets each on its first posting, once', async () => {
    await chartWithoutWithholdingAccounts();

    await processMessage(h.deps, withheld('ri-rent', 'RENT', 1900), workerCtx);
    expect(withholdingAccounts().map((a) => a.accountCode)).toEqual(['47510115']);
    await processMessage(h.deps, withheld('ri-rent-2', 'RENT', 1900), workerCtx);
    await processMessage(h.deps, withheld('ri-pro', 'PROFESSIONAL', 1500), workerCtx);

    expect(withholdingAccounts()).toEqual([
      expect.objectContaining({
        accountCode: '47510111',
        accountName: 'HP acreedora por retenciones practicadas (modelo 111)',
        level: 'SUBACCOUNT',
        parentCode: '4751',
        party: null,
      }),
      expect.objectContaining({
        accountCode: '47510115',
        accountName: 'HP acreedora por retenciones practicadas (modelo 115)',
        level: 'SUBACCOUNT',
        parentCode: '4751',
      }),
    ]);
    const b = books(h);
    expect(balancesFromAggregates(b.aggregates, 'C')['4751']).toBe(-53_000);
    expect(balancesFromAggregates(b.aggregates, 'S')).toMatchObject({
      '47510115': -38_000,
      '47510111': -15_000,
    });
  });

  it('two postings that first use one at once write it once, and a renamed one is kept', async () => {
    await chartWithoutWithholdingAccounts();

    await Promise.all([
      processMessage(h.deps, withheld('ri-a', 'RENT', 1900), workerCtx),
      processMessage(h.deps, withheld('ri-b', 'RENT', 1900), workerCtx),
    ]);
    expect(withholdingAccounts().map((a) => a.accountCode)).toEqual(['47510115']);

    await updateSubAccount(h.deps, COMPANY, '47510115', { accountName: 'Retenciones alquiler oficina' });
    await processMessage(h.deps, withheld('ri-c', 'RENT', 1900), workerCtx);
    expect(withholdingAccounts()[0]).toMatchObject({ accountName: 'Retenciones alquiler oficina' });
  });

  it('generate-code under 4751 never returns one of their codes, whether or not the chart has them', async () => {
    await initializeChart(h.deps, COMPANY, 'PYMES');
    expect((await generateSubAccountCode(h.deps, COMPANY, '4751')).accountCode).toBe('47510001');
    setCounter('4751', 110);
    expect(await generateSubAccountCode(h.deps, COMPANY, '4751')).toEqual({
      parentCode: '4751',
      accountCode: '47510112',
      displayCode: '475.10.112',
    });

    await chartWithoutWithholdingAccounts();
    setCounter('4751', 110);
    expect((await generateSubAccountCode(h.deps, COMPANY, '4751')).accountCode).toBe('47510112');
    setCounter('4751', 114);
    expect((await generateSubAccountCode(h.deps, COMPANY, '4751')).accountCode).toBe('47510116');
    // Creating one without a code takes the next free one, never theirs.
    setCounter('4751', 110);
    const created = await createSubAccount(h.deps, COMPANY, { parentCode: '4751', accountName: 'Otras' });
    expect(created.accountCode).toBe('47510112');
  });

  it('a person cannot take one of their codes by hand', async () => {
    await chartWithoutWithholdingAccounts();

    const refused = await refusal(
      createSubAccount(h.deps, COMPANY, { parentCode: '4751', accountCode: '47510115', accountName: 'Mía' }),
    );

    expect(refused.code).toBe('CORE_004');
    expect(refused.message).toContain('modelo 115');
    expect(h.table.get(keys.account(COMPANY, '47510115'))).toBeUndefined();
  });
});
