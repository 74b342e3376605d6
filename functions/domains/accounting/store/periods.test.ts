import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { recomputeFromEntries } from '../model/reports';
import { seedBooks, seedEntry } from '../testing/reports-seed';
import type { AccountingDeps } from './deps';
import { ENTITY, type EntryItem, type SettingsItem } from './items';
import { closePeriod, closeYear, reopenPeriod, reopenYear } from './periods';
import { namer, pgcOf, requireEntry } from './queries';
import {
  readBalanceSheet,
  readFiscalYear,
  readIncomeStatement,
  readLedger,
  readTrialBalance,
  validateBalance,
} from './reports';

const TABLE = 'cuadra-accounting-reports-test';
const CO = 'co-acc';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
let now = new Date('2027-02-10T10:00:00.000Z');
const deps: AccountingDeps = {
  db: testDocumentClient(),
  table: TABLE,
  sqs: { send: async () => ({}) } as unknown as AccountingDeps['sqs'],
  queueUrl: 'https://sqs.local/accounting',
  invoke: async () => {
    throw new Error('not in these tests');
  },
  now: () => now,
  newId: () => 'id',
};

const settings = (): SettingsItem => {
  const s = table.get(keys.accountingSettings(CO));
  return s as unknown as SettingsItem;
};

beforeEach(() => {
  table.reset();
  now = new Date('2027-02-10T10:00:00.000Z');
  seedBooks(table, CO);
});

const allEntries = (): EntryItem[] => table.all(ENTITY.entry) as unknown as EntryItem[];
const parentOf = (code: string) => (pgcOf(code) === code ? null : pgcOf(code));
const recompute = (balanceDate: string, fromDate: string, toDate: string) =>
  recomputeFromEntries(allEntries(), {
    companyId: CO,
    balanceDate,
    fromDate,
    toDate,
    parentOf,
    accountName: namer('PYMES'),
  });
const withoutReads = <T extends { itemsRead: number }>(r: T) => ({ ...r, itemsRead: 0 });

describe('reports from the aggregates', () => {
  it('the balance sheet and the P&L equal a full recompute from the entries', async () => {
    for (const [date, from, to] of [
      ['2025-06-30', '2025-01-01', '2025-06-30'],
      ['2025-12-31', '2025-01-01', '2025-12-31'],
      ['2026-02-28', '2026-01-01', '2026-02-28'],
    ] as const) {
      const bs = await readBalanceSheet(deps, CO, settings(), {
        balanceDate: date,
        periodType: 'MONTHLY',
        layout: 'ABREVIADO',
      });
      const pyg = await readIncomeStatement(deps, CO, settings(), {
        fromDate: from,
        toDate: to,
        layout: 'ABREVIADO',
      });
      const full = recompute(date, from, to);
      expect(withoutReads(bs)).toEqual(withoutReads(full.balanceSheet));
      expect(withoutReads(pyg)).toEqual(withoutReads(full.incomeStatement));
      expect(bs.isBalanced).toBe(true);
      expect(bs.itemsRead).toBeGreaterThan(0);
    }
    const bs2026 = await readBalanceSheet(deps, CO, settings(), {
      balanceDate: '2026-02-10',
      periodType: 'MONTHLY',
      layout: 'PYMES',
    });
    expect(bs2026.balanceDate).toBe('2026-02-28');
    // 2025 is not closed: its result (1.000 − 300) goes to A-1.V; 2026's (500 − 100) to A-1.VII.
    expect(bs2026.lines.find((l) => l.code === 'A-1.V')?.amountCents).toBe(70_000);
    expect(bs2026.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(40_000);
  });

  it('gives the trial balance by sub-account with the opening balance before the period', async () => {
    const tb = await readTrialBalance(deps, CO, settings(), {
      fromDate: '2026-01-01',
      toDate: '2026-02-28',
      level: 'SUBACCOUNT',
      includeZero: false,
    });
    expect(tb.isBalanced).toBe(true);
    const row = (code: string) => tb.rows.find((r) => r.accountCode === code);
    expect(row('43000001')).toMatchObject({
      accountName: 'Cliente Uno SL',
      openingBalanceCents: 0,
      debitCents: 60_500,
      balanceCents: 60_500,
    });
    expect(row('572')).toMatchObject({
      openingBalanceCents: 1_084_700,
      creditCents: 10_000,
      balanceCents: 1_074_700,
    });
    expect(row('4300')).toBeUndefined();
    expect(tb.totals.debitCents).toBe(70_500);
    expect(tb.totals.openingBalanceCents).toBe(0);
  });

  it('gives a ledger with its opening balance and running balance', async () => {
    const ledger = await readLedger(deps, CO, settings(), '572', {
      fromDate: '2025-06-20',
      toDate: '2026-12-31',
      page: 0,
      size: 100,
    });
    expect(ledger.openingBalanceCents).toBe(963_700);
    expect(ledger.movements.map((m) => [m.entryId, m.balanceCents])).toEqual([
      ['e4', 1_084_700],
      ['e6', 1_074_700],
    ]);
    expect(ledger.closingBalanceCents).toBe(1_074_700);
    await expect(readLedger(deps, CO, settings(), '999', { page: 0, size: 10 })).rejects.toMatchObject({
      code: 'CORE_006',
    });
  });

  it('reads the fiscal year and validates the aggregates against the entries', async () => {
    const fy = await readFiscalYear(deps, CO, settings(), 2025);
    expect(fy.periods.map((p) => p.entryCount)).toEqual([1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    expect(fy.resultCents).toBe(70_000);
    expect(fy.periods[0]).toMatchObject({ period: '2025-01', status: 'OPEN', totalDebitCents: 1_000_000 });
    const ok = await validateBalance(deps, CO, settings(), '2026-02-15');
    expect(ok).toMatchObject({
      balanceDate: '2026-02-28',
      isBalanced: true,
      aggregatesMatchEntries: true,
      issues: [],
    });
    // An aggregate that drifted from its entries is reported.
    const k = keys.ledgerAggregate(CO, 2026, 'C', 2, 'N', '621');
    table.put({ ...table.get(k)!, debitCents: 10_001 });
    const bad = await validateBalance(deps, CO, settings(), '2026-02-15');
    expect(bad.isBalanced).toBe(false);
    expect(bad.aggregatesMatchEntries).toBe(false);
    expect(bad.issues.map((i) => i.code)).toEqual(['UNBALANCED', 'AGGREGATE_MISMATCH']);
  });

  it('answers 404 for an entry that does not exist', async () => {
    await expect(requireEntry(deps, CO, 'nope')).rejects.toMatchObject({ code: 'CORE_006' });
    expect((await requireEntry(deps, CO, 'e2')).entryNumber).toBe(2);
  });
});

describe('periods and years', () => {
  it('closes and reopens periods', async () => {
    await closePeriod(deps, CO, '2025-06');
    expect(settings().closedThrough).toBe('2025-06');
    await closePeriod(deps, CO, '2025-03');
    expect(settings().closedThrough).toBe('2025-06');
    await reopenPeriod(deps, CO, '2025-05');
    expect(settings().closedThrough).toBe('2025-04');
    await expect(closePeriod(deps, CO, '2027-05')).rejects.toMatchObject({ code: 'CORE_004' });
    const fy = await readFiscalYear(deps, CO, settings(), 2025);
    expect(fy.periods.filter((p) => p.status === 'CLOSED').map((p) => p.period)).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
    ]);
  });

  it('closes a year once, the reports agree with a recompute, and reopening restores the books', async () => {
    const before = structuredClone([...table.items.entries()]);
    const r = await closeYear(deps, CO, 2025, 'u1');
    expect(r).toEqual({
      fiscalYear: 2025,
      resultCents: 70_000,
      regularizationEntryId: 'REG-2025',
      closingEntryId: 'CLO-2025',
      openingEntryId: 'OPE-2026',
    });
    const s = settings();
    expect(s.closedYears).toEqual([2025]);
    expect(s.closedThrough).toBe('2025-12');
    const reg = await requireEntry(deps, CO, 'REG-2025');
    const clo = await requireEntry(deps, CO, 'CLO-2025');
    const ope = await requireEntry(deps, CO, 'OPE-2026');
    expect([reg.entryNumber, clo.entryNumber, ope.entryNumber]).toEqual([5, 6, 3]);
    expect([reg.kind, clo.kind, ope.kind]).toEqual(['REGULARIZATION', 'CLOSING', 'OPENING']);
    expect([reg.entryDate, clo.entryDate, ope.entryDate]).toEqual(['2025-12-31', '2025-12-31', '2026-01-01']);
    expect(clo.ledgerComplete && ope.ledgerComplete && reg.ledgerComplete).toBe(true);
    expect(clo.lines.find((l) => l.accountCode === '129')).toMatchObject({ debitCents: 70_000 });
    expect(table.get(keys.entryNumberCounter(CO, 2025))?.last).toBe(6);
    expect(table.get(keys.entryNumberCounter(CO, 2026))?.last).toBe(3);
    // No aggregates were written by the year-end entries.
    expect((table.all(ENTITY.aggregate) as { kind: string }[]).every((a) => a.kind === 'N')).toBe(true);

    // Twice: nothing posted again.
    const writes = table.writes.length;
    expect(await closeYear(deps, CO, 2025, 'u1')).toEqual(r);
    expect(table.writes.length).toBe(writes);

    // The reports read the year-end entries as a full recompute does.
    for (const [date, from, to] of [
      ['2025-12-31', '2025-01-01', '2025-12-31'],
      ['2026-02-28', '2026-01-01', '2026-02-28'],
    ] as const) {
      const bs = await readBalanceSheet(deps, CO, settings(), {
        balanceDate: date,
        periodType: 'MONTHLY',
        layout: 'ABREVIADO',
      });
      const full = recompute(date, from, to);
      expect(withoutReads(bs)).toEqual(withoutReads(full.balanceSheet));
      expect(bs.isBalanced).toBe(true);
    }
    const at2025 = await readBalanceSheet(deps, CO, settings(), {
      balanceDate: '2025-12-31',
      periodType: 'MONTHLY',
      layout: 'PYMES',
    });
    expect(at2025.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(70_000);
    const at2026 = await readBalanceSheet(deps, CO, settings(), {
      balanceDate: '2026-02-28',
      periodType: 'MONTHLY',
      layout: 'PYMES',
    });
    expect(at2026.lines.find((l) => l.code === 'A-1.V')?.amountCents).toBe(0);
    expect(at2026.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(110_000);
    const ledger = await readLedger(deps, CO, settings(), '129', {
      fromDate: '2025-12-01',
      toDate: '2026-12-31',
      page: 0,
      size: 100,
    });
    expect(ledger.movements.map((m) => [m.entryId, m.balanceCents])).toEqual([
      ['REG-2025', -70_000],
      ['CLO-2025', 0],
      ['OPE-2026', -70_000],
    ]);
    expect(ledger.closingBalanceCents).toBe(-70_000);
    const tb = await readTrialBalance(deps, CO, settings(), {
      fromDate: '2026-01-01',
      toDate: '2026-02-28',
      level: 'SUBACCOUNT',
      includeZero: false,
    });
    expect(tb.rows.find((x) => x.accountCode === '129')?.openingBalanceCents).toBe(-70_000);
    expect(tb.rows.find((x) => x.accountCode === '705')?.openingBalanceCents).toBe(0);
    expect(tb.isBalanced).toBe(true);

    // Months of a closed year do not reopen; the year reopens, and only the last closed one.
    await expect(reopenPeriod(deps, CO, '2025-11')).rejects.toMatchObject({ code: 'ACC_PERIOD_CLOSED' });
    await reopenYear(deps, CO, 2025);
    const after = new Map([...table.items.entries()]);
    const expected = new Map(before);
    // Settings differ only by the months still closed and the time of the change.
    const {
      closedThrough: _c,
      updatedAt: _u,
      ...sAfter
    } = after.get([...after.keys()].find((k) => k.includes('ACCOUNTING#SETTINGS'))!)!;
    const {
      closedThrough: _c2,
      updatedAt: _u2,
      ...sBefore
    } = expected.get([...expected.keys()].find((k) => k.includes('ACCOUNTING#SETTINGS'))!)!;
    expect(sAfter).toEqual(sBefore);
    for (const k of [...after.keys(), ...expected.keys()]) {
      if (k.includes('ACCOUNTING#SETTINGS')) continue;
      expect(after.get(k)).toEqual(expected.get(k));
    }
  });

  it('refuses a year whose earlier year is open, and a reopening of a year that is not the last closed', async () => {
    seedEntry(table, CO, {
      entryId: 'e7',
      entryDate: '2024-05-05',
      lines: [
        ['572', 100, 0],
        ['100', 0, 100],
      ],
    });
    await expect(closeYear(deps, CO, 2025, 'u1')).rejects.toMatchObject({
      code: 'CORE_004',
      message: 'Cierra antes el ejercicio 2024.',
    });
    await closeYear(deps, CO, 2024, 'u1');
    await closeYear(deps, CO, 2025, 'u1');
    await expect(reopenYear(deps, CO, 2024)).rejects.toMatchObject({ code: 'CORE_004' });
    await expect(closeYear(deps, CO, 2028, 'u1')).rejects.toMatchObject({ code: 'CORE_004' });
    const bs = await readBalanceSheet(deps, CO, settings(), {
      balanceDate: '2026-02-28',
      periodType: 'MONTHLY',
      layout: 'ABREVIADO',
    });
    expect(withoutReads(bs)).toEqual(
      withoutReads(recompute('2026-02-28', '2026-01-01', '2026-02-28').balanceSheet),
    );
  });
});

describe('aggregates against a full recompute, on random books', () => {
  const CODES = ['100', '129', '4300', '43000001', '472', '477', '550', '572', '621', '629', '705', '999'];
  it('the balance sheet, the P&L and a year closing agree with the entries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            year: fc.constantFrom(2025, 2026),
            month: fc.integer({ min: 1, max: 12 }),
            debit: fc.constantFrom(...CODES),
            credit: fc.constantFrom(...CODES),
            cents: fc.integer({ min: 1, max: 1_000_000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.boolean(),
        async (rows, close) => {
          table.reset();
          seedBooks(table, CO);
          for (const [i, r] of rows.entries())
            seedEntry(table, CO, {
              entryId: `r${i}`,
              entryDate: `${r.year}-${String(r.month).padStart(2, '0')}-10`,
              lines: [
                [r.debit, r.cents, 0],
                [r.credit, 0, r.cents],
              ],
            });
          if (close) await closeYear(deps, CO, 2025, 'u1');
          for (const [date, from, to] of [
            ['2025-12-31', '2025-01-01', '2025-12-31'],
            ['2026-07-31', '2026-03-01', '2026-07-31'],
          ] as const) {
            const bs = await readBalanceSheet(deps, CO, settings(), {
              balanceDate: date,
              periodType: 'MONTHLY',
              layout: 'ABREVIADO',
            });
            const pyg = await readIncomeStatement(deps, CO, settings(), {
              fromDate: from,
              toDate: to,
              layout: 'PYMES',
            });
            const full = recomputeFromEntries(allEntries(), {
              companyId: CO,
              balanceDate: date,
              fromDate: from,
              toDate: to,
              layout: 'ABREVIADO',
              parentOf,
              accountName: namer('PYMES'),
            });
            const fullPyg = recomputeFromEntries(allEntries(), {
              companyId: CO,
              balanceDate: date,
              fromDate: from,
              toDate: to,
              layout: 'PYMES',
              parentOf,
              accountName: namer('PYMES'),
            });
            expect(withoutReads(bs)).toEqual(withoutReads(full.balanceSheet));
            expect(withoutReads(pyg)).toEqual(withoutReads(fullPyg.incomeStatement));
            expect(bs.isBalanced).toBe(true);
          }
          const tb = await readTrialBalance(deps, CO, settings(), {
            fromDate: '2026-01-01',
            toDate: '2026-12-31',
            level: 'SUBACCOUNT',
            includeZero: false,
          });
          expect(tb.isBalanced).toBe(true);
          expect(tb.totals.openingBalanceCents).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
