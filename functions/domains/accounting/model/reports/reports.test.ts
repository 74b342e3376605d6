import { describe, expect, it } from 'vitest';
import { yearClosingLines } from './closing';
import { snapBalanceDate, snapPeriod } from './dates';
import { evaluateLayout, parseExpression } from './expressions';
import { type RecomputeEntry, recomputeFromEntries } from './recompute';
import { balanceSheet, balancesAtDate, incomeStatement, periodBalances } from './statements';
import { trialBalance } from './trial-balance';

const name = (code: string) => `Cuenta ${code}`;
const parentOf = (code: string) => (code.length === 8 ? code.slice(0, 4) : null);

const entry = (
  entryDate: string,
  lines: [string, number, number][],
  kind: RecomputeEntry['kind'] = 'NORMAL',
) => ({
  entryDate,
  kind,
  lines: lines.map(([accountCode, debitCents, creditCents]) => ({ accountCode, debitCents, creditCents })),
});

/** A small year, by hand: capital, a sale, an expense, the collection. */
const BOOKS: RecomputeEntry[] = [
  entry('2026-01-02', [
    ['572', 1_000_000, 0],
    ['100', 0, 1_000_000],
  ]),
  entry('2026-02-10', [
    ['43000001', 121_000, 0],
    ['700', 0, 100_000],
    ['477', 0, 21_000],
  ]),
  entry('2026-02-15', [
    ['629', 20_000, 0],
    ['472', 4_200, 0],
    ['41000001', 0, 24_200],
  ]),
  entry('2026-03-05', [
    ['572', 121_000, 0],
    ['43000001', 0, 121_000],
  ]),
];

describe('MIS expressions', () => {
  it('reads functions, prefixes, references and signs', () => {
    expect(parseExpression('-bale[129%,6%,7%]-balu[6%,7%]')).toEqual([
      { sign: -1, kind: 'accounts', fn: 'bale', prefixes: ['129', '6', '7'] },
      { sign: -1, kind: 'accounts', fn: 'balu', prefixes: ['6', '7'] },
    ]);
    expect(parseExpression('+es11000+es12000')).toEqual([
      { sign: 1, kind: 'line', kpi: 'es11000' },
      { sign: 1, kind: 'line', kpi: 'es12000' },
    ]);
    expect(parseExpression('-bale[560%] - nbale[550%%]')[1]).toEqual({
      sign: -1,
      kind: 'accounts',
      fn: 'nbale',
      prefixes: ['550'],
    });
    expect(parseExpression('')).toEqual([]);
    expect(() => parseExpression('+foo[1%]')).toThrow();
  });

  it('splits an account by the sign of its balance (pbale / nbale) and sums references', () => {
    const lines = [
      { kpi: 'x1', expression: '+pbale[551%]' },
      { kpi: 'x2', expression: '-nbale[551%]' },
      { kpi: 'x3', expression: '+x1 -x2' },
    ];
    const ending = [
      { accountCode: '5510', matchCode: '5510', balanceCents: 300 },
      { accountCode: '5511', matchCode: '5511', balanceCents: -100 },
    ];
    const r = evaluateLayout(lines, { ending, period: [], unallocated: [] });
    expect(r.get('x1')?.amountCents).toBe(300);
    expect(r.get('x2')?.amountCents).toBe(100);
    expect(r.get('x3')?.amountCents).toBe(200);
    expect(() =>
      evaluateLayout([{ kpi: 'x9', expression: '+x9' }], { ending, period: [], unallocated: [] }),
    ).toThrow();
  });
});

describe('balance sheet and P&L (hand-computed)', () => {
  const { balanceSheet: bs, incomeStatement: pyg } = recomputeFromEntries(BOOKS, {
    companyId: 'c1',
    balanceDate: '2026-03-10',
    fromDate: '2026-01-15',
    toDate: '2026-03-10',
    parentOf,
    accountName: name,
  });

  it('states the dates it used (month snapping)', () => {
    expect(bs.balanceDate).toBe('2026-03-31');
    expect(pyg.fromDate).toBe('2026-01-01');
    expect(pyg.toDate).toBe('2026-03-31');
    expect(snapBalanceDate('2026-05-10', 'QUARTERLY')).toBe('2026-06-30');
    expect(snapBalanceDate('2024-02-10', 'MONTHLY')).toBe('2024-02-29');
    expect(snapBalanceDate('2026-05-10', 'YEARLY')).toBe('2026-12-31');
    expect(snapPeriod('2026-02-14', '2026-02-14')).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' });
  });

  it('balances: 11.252,00 of assets = 10.800,00 of equity + 452,00 of liabilities', () => {
    expect(bs.totalAssetsCents).toBe(1_125_200);
    expect(bs.equity.totalCents).toBe(1_080_000);
    expect(bs.liabilities.totalCents).toBe(45_200);
    expect(bs.totalLiabilitiesAndEquityCents).toBe(1_125_200);
    expect(bs.isBalanced).toBe(true);
    expect(bs.resultCents).toBe(80_000);
    const line = (code: string) => bs.lines.find((l) => l.code === code)?.amountCents;
    expect(line('B.VII')).toBe(1_121_000);
    expect(line('B.III.3')).toBe(4_200);
    expect(line('A-1.I.1')).toBe(1_000_000);
    expect(line('A-1.VII')).toBe(80_000);
    expect(line('C.V.2')).toBe(45_200);
  });

  it('lists categories with their accounts and shares', () => {
    const cash = bs.assets.current.find((c) => c.categoryCode === 'B.VII')!;
    expect(cash.accounts).toEqual([
      {
        accountId: '572',
        accountCode: '572',
        accountName: 'Cuenta 572',
        balanceCents: 1_121_000,
        balance: 11_210,
        percentage: 99.63,
      },
    ]);
    const others = bs.liabilities.current.find((c) => c.categoryCode === 'C.V.2')!;
    expect(others.accounts.map((a) => [a.accountCode, a.balanceCents])).toEqual([
      ['4100', 24_200],
      ['477', 21_000],
    ]);
    const result = bs.equity.items.find((c) => c.categoryCode === 'A-1.VII')!;
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]).toMatchObject({ accountId: 'PYG', balanceCents: 80_000 });
    expect(bs.assets.nonCurrent).toEqual([]);
  });

  it('gives the P&L lines: 1. 1.000,00, 7. −200,00, A) and D) 800,00', () => {
    const line = (code: string) => pyg.lines.find((l) => l.code === code)?.amountCents;
    expect(line('1')).toBe(100_000);
    expect(line('7')).toBe(-20_000);
    expect(line('A')).toBe(80_000);
    expect(line('D')).toBe(80_000);
    expect(pyg).toMatchObject({
      revenueCents: 100_000,
      expenseCents: 20_000,
      resultCents: 80_000,
      result: 800,
    });
    expect(pyg.accounts).toEqual([
      {
        accountId: '629',
        accountCode: '629',
        accountName: 'Cuenta 629',
        type: 'EXPENSE',
        amountCents: -20_000,
        lineCode: '7',
      },
      {
        accountId: '700',
        accountCode: '700',
        accountName: 'Cuenta 700',
        type: 'REVENUE',
        amountCents: 100_000,
        lineCode: '1',
      },
    ]);
  });

  it('uses the PYMES model when asked', () => {
    const pymes = recomputeFromEntries(BOOKS, {
      companyId: 'c1',
      balanceDate: '2026-03-31',
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      layout: 'PYMES',
      parentOf,
      accountName: name,
    });
    expect(pymes.balanceSheet.lines.find((l) => l.code === 'B.VI')?.amountCents).toBe(1_121_000);
    expect(pymes.balanceSheet.lines.find((l) => l.code === 'C.IV.2')?.amountCents).toBe(45_200);
    expect(pymes.incomeStatement.lines.find((l) => l.code === 'D')?.amountCents).toBe(80_000);
  });

  it('sends an account outside the model to other debtors / creditors and keeps the balance', () => {
    const b = balancesAtDate(
      [
        { year: 2026, accountCode: '999', debitCents: 500, creditCents: 0 },
        { year: 2026, accountCode: '100', debitCents: 0, creditCents: 500 },
      ],
      2026,
    );
    const sheet = balanceSheet({
      companyId: 'c',
      balanceDate: '2026-12-31',
      periodType: 'MONTHLY',
      layout: 'ABREVIADO',
      balances: b,
      accountName: name,
      itemsRead: 0,
    });
    expect(sheet.lines.find((l) => l.code === 'B.III.3')?.amountCents).toBe(500);
    expect(sheet.isBalanced).toBe(true);
  });

  it("puts earlier unclosed years' results in A-1.V and the year's in A-1.VII", () => {
    const b = balancesAtDate(
      [
        { year: 2025, accountCode: '705', debitCents: 0, creditCents: 30_000 },
        { year: 2025, accountCode: '572', debitCents: 30_000, creditCents: 0 },
        { year: 2026, accountCode: '629', debitCents: 5_000, creditCents: 0 },
        { year: 2026, accountCode: '572', debitCents: 0, creditCents: 5_000 },
      ],
      2026,
    );
    expect(b.priorUnclosedResultCents).toBe(30_000);
    expect(b.yearResultCents).toBe(-5_000);
    const sheet = balanceSheet({
      companyId: 'c',
      balanceDate: '2026-06-30',
      periodType: 'MONTHLY',
      layout: 'PYMES',
      balances: b,
      accountName: name,
      itemsRead: 3,
    });
    expect(sheet.lines.find((l) => l.code === 'A-1.V')?.amountCents).toBe(30_000);
    expect(sheet.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(-5_000);
    expect(sheet.equity.items.find((c) => c.categoryCode === 'A-1.V')?.accounts[0]?.accountId).toBe(
      'PYG-ANT',
    );
    expect(sheet.isBalanced).toBe(true);
    expect(sheet.itemsRead).toBe(3);
  });
});

describe('trial balance', () => {
  it('sums, balances and groups by digits', () => {
    const rows = [
      { accountCode: '43000001', openingCents: 1_000, debitCents: 121_000, creditCents: 121_000 },
      { accountCode: '43000002', openingCents: 0, debitCents: 500, creditCents: 0 },
      { accountCode: '572', openingCents: -1_000, debitCents: 121_000, creditCents: 0 },
      { accountCode: '700', openingCents: 0, debitCents: 0, creditCents: 121_500 },
      { accountCode: '705', openingCents: 0, debitCents: 0, creditCents: 0 },
    ];
    const describeCode = (code: string) => ({ name: name(code), type: 'ASSET' as const });
    const base = {
      companyId: 'c',
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      describe: describeCode,
      itemsRead: 5,
    };
    const sub = trialBalance({ ...base, level: 'SUBACCOUNT', includeZero: false, rows });
    expect(sub.rows.map((r) => r.accountCode)).toEqual(['43000001', '43000002', '572', '700']);
    expect(sub.rows[0]).toMatchObject({
      displayCode: '430.00.001',
      balanceCents: 1_000,
      debitBalanceCents: 1_000,
    });
    expect(sub.rows[2]).toMatchObject({
      balanceCents: 120_000,
      debitBalanceCents: 120_000,
      creditBalanceCents: 0,
    });
    expect(sub.totals).toEqual({
      openingBalanceCents: 0,
      debitCents: 242_500,
      creditCents: 242_500,
      debitBalanceCents: 121_500,
      creditBalanceCents: 121_500,
    });
    expect(sub.isBalanced).toBe(true);
    const three = trialBalance({ ...base, level: '3', includeZero: true, rows });
    expect(three.rows.map((r) => [r.accountCode, r.debitCents])).toEqual([
      ['430', 121_500],
      ['572', 121_000],
      ['700', 0],
      ['705', 0],
    ]);
  });

  it('is not balanced when the sums differ', () => {
    const tb = trialBalance({
      companyId: 'c',
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      level: 'SUBACCOUNT',
      includeZero: false,
      rows: [{ accountCode: '572', openingCents: 0, debitCents: 1, creditCents: 0 }],
      describe: (c) => ({ name: c, type: 'ASSET' }),
      itemsRead: 1,
    });
    expect(tb.isBalanced).toBe(false);
  });
});

describe('year-end entries', () => {
  it('regularises 6/7 against 129, closes every other account and opens them again', () => {
    const balances = periodBalances(BOOKS.flatMap((e) => e.lines)).map((a) => ({
      accountCode: a.accountCode,
      balanceCents: a.balanceCents,
    }));
    const r = yearClosingLines(2026, balances, name);
    expect(r.resultCents).toBe(80_000);
    expect(r.regularization.map((l) => [l.accountCode, l.debitCents, l.creditCents])).toEqual([
      ['629', 0, 20_000],
      ['700', 100_000, 0],
      ['129', 0, 80_000],
    ]);
    expect(r.closing.map((l) => [l.accountCode, l.debitCents, l.creditCents])).toEqual([
      ['100', 1_000_000, 0],
      ['129', 80_000, 0],
      ['41000001', 24_200, 0],
      ['472', 0, 4_200],
      ['477', 21_000, 0],
      ['572', 0, 1_121_000],
    ]);
    expect(r.opening.map((l) => [l.accountCode, l.debitCents, l.creditCents])).toEqual(
      r.closing.map((l) => [l.accountCode, l.creditCents, l.debitCents]),
    );
    expect(r.closing.map((l) => l.lineNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('has no regularisation when no P&L account has a balance', () => {
    const r = yearClosingLines(
      2026,
      [
        { accountCode: '572', balanceCents: 100 },
        { accountCode: '100', balanceCents: -100 },
      ],
      name,
    );
    expect(r.regularization).toEqual([]);
    expect(r.resultCents).toBe(0);
    expect(r.closing).toHaveLength(2);
  });

  it('after closing 2026 the balance at 31-12 keeps the result in 129 and the P&L accounts at zero', () => {
    const balances = periodBalances(BOOKS.flatMap((e) => e.lines)).map((a) => ({
      accountCode: a.accountCode,
      balanceCents: a.balanceCents,
    }));
    const r = yearClosingLines(2026, balances, name);
    const closed: RecomputeEntry[] = [
      ...BOOKS,
      { entryDate: '2026-12-31', kind: 'REGULARIZATION', lines: r.regularization },
    ];
    const { balanceSheet: bs } = recomputeFromEntries(closed, {
      companyId: 'c',
      balanceDate: '2026-12-31',
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      parentOf,
      accountName: name,
    });
    expect(bs.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(80_000);
    expect(
      bs.equity.items.find((c) => c.categoryCode === 'A-1.VII')?.accounts.map((a) => a.accountId),
    ).toEqual(['129']);
    const next = recomputeFromEntries(closed, {
      companyId: 'c',
      balanceDate: '2027-01-31',
      fromDate: '2027-01-01',
      toDate: '2027-01-31',
      parentOf,
      accountName: name,
    });
    expect(next.balanceSheet.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(80_000);
    expect(next.balanceSheet.lines.find((l) => l.code === 'A-1.V')?.amountCents).toBe(0);
    expect(next.incomeStatement.resultCents).toBe(0);
    expect(incomeStatement).toBeTypeOf('function');
  });
});
