/**
 * The reports as the API answers them (issue 18 item 7; spec part 2 §9 "Accounting"): the reads of
 * queries.ts put through the pure model of model/reports. Each answer states the dates it used
 * (snapped to whole months, model/reports/dates.ts) and how many items it read.
 */

import { AppError } from '@shared/api/errors';
import type {
  Account,
  AccountType,
  BalanceSheet,
  BalanceValidation,
  FinancialReport,
  FiscalYearStatus,
  IncomeStatement,
  Ledger,
  LedgerMovement,
  PeriodType,
  StatementLayout,
  TrialBalance,
  TrialBalanceQuery,
} from '@shared/schemas/accounting';
import { accountTypeOf } from '../model/chart';
import {
  balanceSheet,
  balancesAtDate,
  incomeStatement,
  isPnlCode,
  madridToday,
  monthEnd,
  monthOf,
  monthStart,
  periodBalances,
  periodKey,
  snapBalanceDate,
  snapPeriod,
  trialBalance,
  yearOf,
} from '../model/reports';
import { accountHasEntries, accountView, getAccount, readAccounts } from './chart';
import type { AccountingDeps } from './deps';
import type { SettingsItem } from './items';
import {
  closingEntries,
  entriesBetween,
  entryYears,
  finestAccounts,
  finestBetween,
  ledgerLines,
  movementsAtDate,
  movementsBetween,
  namer,
  newReads,
  pgcOf,
  yearAggregates,
} from './queries';

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now'>;

export const today = (deps: Pick<AccountingDeps, 'now'>) => madridToday(deps.now());

export async function readBalanceSheet(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  q: { balanceDate?: string; periodType: PeriodType; layout: StatementLayout },
): Promise<BalanceSheet> {
  const reads = newReads();
  const date = snapBalanceDate(q.balanceDate ?? today(deps), q.periodType);
  const movements = await movementsAtDate(deps, companyId, settings, date, reads);
  return balanceSheet({
    companyId,
    balanceDate: date,
    periodType: q.periodType,
    layout: q.layout,
    balances: balancesAtDate(movements, yearOf(date)),
    accountName: namer(settings.chartType),
    itemsRead: reads.items,
  });
}

/** The P&L's period: `toDate` defaults to today, `fromDate` to 1 January of `toDate`'s year; whole months. */
export function statementPeriod(
  deps: Pick<AccountingDeps, 'now'>,
  q: { fromDate?: string; toDate?: string },
) {
  const to = q.toDate ?? today(deps);
  const from = q.fromDate ?? `${to.slice(0, 4)}-01-01`;
  if (from > to)
    throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
      field: 'fromDate',
    });
  return snapPeriod(from, to);
}

export async function readIncomeStatement(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  q: { fromDate?: string; toDate?: string; layout: StatementLayout },
): Promise<IncomeStatement> {
  const reads = newReads();
  const { fromDate, toDate } = statementPeriod(deps, q);
  const movements = await movementsBetween(deps, companyId, fromDate, toDate, reads);
  return incomeStatement({
    companyId,
    fromDate,
    toDate,
    layout: q.layout,
    period: periodBalances(movements.filter((m) => isPnlCode(m.accountCode))),
    accountName: namer(settings.chartType),
    itemsRead: reads.items,
  });
}

const dayBefore = (date: string): string => {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Sumas y saldos: opening = normal aggregates before the period + regularisations of closed years
 * dated before it (closing and opening entries cancel out and are left aside); sums = the period's
 * normal aggregates.
 */
export async function readTrialBalance(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  q: { fromDate?: string; toDate?: string; level: TrialBalanceQuery['level']; includeZero: boolean },
): Promise<TrialBalance> {
  const reads = newReads();
  const { fromDate, toDate } = statementPeriod(deps, q);
  const years = await entryYears(deps, companyId, reads);
  const before = dayBefore(fromDate);
  const [opening, sums, closing] = await Promise.all([
    finestBetween(
      deps,
      companyId,
      years.filter((y) => y <= yearOf(before)),
      null,
      before,
      reads,
    ),
    finestBetween(
      deps,
      companyId,
      years.filter((y) => y >= yearOf(fromDate) && y <= yearOf(toDate)),
      fromDate,
      toDate,
      reads,
    ),
    closingEntries(
      deps,
      companyId,
      settings.closedYears.filter((y) => y < yearOf(fromDate)),
      reads,
    ),
  ]);
  const rows = new Map<
    string,
    { accountCode: string; openingCents: number; debitCents: number; creditCents: number }
  >();
  const row = (code: string) => {
    let r = rows.get(code);
    if (!r) {
      r = { accountCode: code, openingCents: 0, debitCents: 0, creditCents: 0 };
      rows.set(code, r);
    }
    return r;
  };
  for (const [code, v] of opening) row(code).openingCents += v.debitCents - v.creditCents;
  for (const e of closing)
    if (e.kind === 'REGULARIZATION' && e.entryDate < fromDate)
      for (const l of e.lines) row(l.accountCode).openingCents += l.debitCents - l.creditCents;
  for (const [code, v] of sums) {
    row(code).debitCents += v.debitCents;
    row(code).creditCents += v.creditCents;
  }
  const subCodes = [...rows.keys()].filter((c) => pgcOf(c) !== c);
  const stored =
    q.level === 'SUBACCOUNT' && subCodes.length ? await readAccounts(deps, companyId, subCodes) : new Map();
  const name = namer(settings.chartType, stored);
  return trialBalance({
    companyId,
    fromDate,
    toDate,
    level: q.level,
    includeZero: q.includeZero,
    rows: [...rows.values()],
    describe: (code) => ({
      name: name(code),
      type: stored.get(code)?.type ?? (accountTypeOf(code) as AccountType),
    }),
    itemsRead: reads.items,
  });
}

/** An account or 404 CORE_006. */
export async function requireAccount(deps: Deps, companyId: string, code: string): Promise<Account> {
  const a = await getAccount(deps, companyId, code);
  if (!a) throw new AppError('CORE_006', 'La cuenta no existe.');
  return accountView(a, await accountHasEntries(deps, companyId, code));
}

/**
 * An account's ledger for [from, to] (exact dates: lines are read by date): the opening balance is
 * the account's aggregates of the months before `from`'s, its lines of that month before `from`, and
 * the year-end entries of closed years dated before `from`'s month (they write no aggregates).
 */
export async function readLedger(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  code: string,
  q: { fromDate?: string; toDate?: string; page: number; size: number },
): Promise<Ledger> {
  const account = await requireAccount(deps, companyId, code);
  const toDate = q.toDate ?? today(deps);
  const fromDate = q.fromDate ?? `${toDate.slice(0, 4)}-01-01`;
  if (fromDate > toDate)
    throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
      field: 'fromDate',
    });
  const reads = newReads();
  const firstOfMonth = monthStart(yearOf(fromDate), monthOf(fromDate));
  const beforeMonth = dayBefore(firstOfMonth);
  const years = (await entryYears(deps, companyId, reads)).filter((y) => y <= yearOf(beforeMonth));
  const parent = pgcOf(code);
  const isSub = parent !== code;
  const [cAggs, sAggs, lines, closing] = await Promise.all([
    isSub
      ? Promise.resolve([])
      : Promise.all(
          years.map((y) =>
            yearAggregates(
              deps,
              companyId,
              y,
              'C',
              { from: 1, to: y === yearOf(beforeMonth) ? monthOf(beforeMonth) : 12 },
              reads,
              code,
            ),
          ),
        ).then((p) => p.flat().filter((a) => a.accountCode === code)),
    Promise.all(
      years.map((y) =>
        yearAggregates(
          deps,
          companyId,
          y,
          'S',
          { from: 1, to: y === yearOf(beforeMonth) ? monthOf(beforeMonth) : 12 },
          reads,
          code,
        ),
      ),
    ).then((p) => p.flat()),
    ledgerLines(deps, companyId, code, { fromDate: firstOfMonth, toDate }, reads),
    closingEntries(deps, companyId, settings.closedYears, reads),
  ]);
  const fin = finestAccounts(cAggs, sAggs);
  const agg = fin.get(code) ?? { debitCents: 0, creditCents: 0 };
  let opening = agg.debitCents - agg.creditCents;
  for (const e of closing)
    if (e.entryDate < firstOfMonth)
      for (const l of e.lines) if (l.accountCode === code) opening += l.debitCents - l.creditCents;
  const sorted = [...lines].sort((a, b) =>
    a.entryDate !== b.entryDate
      ? a.entryDate < b.entryDate
        ? -1
        : 1
      : a.entryNumber !== b.entryNumber
        ? a.entryNumber - b.entryNumber
        : a.lineNumber - b.lineNumber,
  );
  for (const l of sorted) if (l.entryDate < fromDate) opening += l.debitCents - l.creditCents;
  let running = opening;
  let totalDebit = 0;
  let totalCredit = 0;
  const movements: LedgerMovement[] = sorted
    .filter((l) => l.entryDate >= fromDate)
    .map((l) => {
      running += l.debitCents - l.creditCents;
      totalDebit += l.debitCents;
      totalCredit += l.creditCents;
      return {
        entryId: l.entryId,
        entryNumber: l.entryNumber,
        entryDate: l.entryDate,
        description: l.description,
        source: l.source,
        debitCents: l.debitCents,
        creditCents: l.creditCents,
        balanceCents: running,
      };
    });
  return {
    account,
    fromDate,
    toDate,
    openingBalanceCents: opening,
    movements: movements.slice(q.page * q.size, (q.page + 1) * q.size),
    totalDebitCents: totalDebit,
    totalCreditCents: totalCredit,
    closingBalanceCents: running,
    page: q.page,
    size: q.size,
    totalElements: movements.length,
  };
}

/** The year's twelve periods (entries counted on the journal's date index, sums from the aggregates). */
export async function readFiscalYear(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  year: number,
): Promise<FiscalYearStatus> {
  const [entries, aggregates] = await Promise.all([
    entriesBetween(
      deps,
      companyId,
      { fromDate: `${year}-01-01`, toDate: `${year}-12-31` },
      { keysOnly: true },
    ),
    yearAggregates(deps, companyId, year, 'C'),
  ]);
  const periods = Array.from({ length: 12 }, (_, i) => {
    const period = periodKey(year, i + 1);
    return {
      period,
      status:
        settings.closedThrough !== null && settings.closedThrough >= period
          ? ('CLOSED' as const)
          : ('OPEN' as const),
      entryCount: entries.filter((e) => e.entryDate.startsWith(period)).length,
      totalDebitCents: aggregates.filter((a) => a.month === i + 1).reduce((s, a) => s + a.debitCents, 0),
    };
  });
  const resultCents = aggregates
    .filter((a) => isPnlCode(a.accountCode))
    .reduce((s, a) => s + a.creditCents - a.debitCents, 0);
  return {
    fiscalYear: year,
    periods,
    yearClosed: settings.closedYears.includes(year),
    closedThrough: settings.closedThrough,
    resultCents,
  };
}

/**
 * Debits equal credits over every aggregate up to the date (and the regularisations applied), and the
 * aggregates of the date's month equal what that month's entries add up to (C and S levels).
 */
export async function validateBalance(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  balanceDate?: string,
): Promise<BalanceValidation> {
  const reads = newReads();
  const date = snapBalanceDate(balanceDate ?? today(deps), 'MONTHLY');
  const year = yearOf(date);
  const month = monthOf(date);
  const [movements, entries, monthC, monthS] = await Promise.all([
    movementsAtDate(deps, companyId, settings, date, reads),
    entriesBetween(deps, companyId, { fromDate: monthStart(year, month), toDate: date }, { reads }),
    yearAggregates(deps, companyId, year, 'C', { from: month, to: month }, reads),
    yearAggregates(deps, companyId, year, 'S', { from: month, to: month }, reads),
  ]);
  const debit = movements.reduce((s, m) => s + m.debitCents, 0);
  const credit = movements.reduce((s, m) => s + m.creditCents, 0);
  const expected = new Map<string, { d: number; c: number; n: number }>();
  const add = (k: string, d: number, c: number) => {
    const v = expected.get(k) ?? { d: 0, c: 0, n: 0 };
    v.d += d;
    v.c += c;
    v.n += 1;
    expected.set(k, v);
  };
  for (const e of entries.filter((x) => x.kind === 'NORMAL'))
    for (const l of e.lines) {
      const parent = pgcOf(l.accountCode);
      add(`C|${parent}`, l.debitCents, l.creditCents);
      if (parent !== l.accountCode) add(`S|${l.accountCode}`, l.debitCents, l.creditCents);
    }
  const issues: { code: string; message: string }[] = [];
  if (debit !== credit)
    issues.push({
      code: 'UNBALANCED',
      message: `El debe (${debit / 100} €) y el haber (${credit / 100} €) no cuadran a ${date}.`,
    });
  const stored = new Map<string, { d: number; c: number; n: number }>();
  for (const a of [...monthC, ...monthS])
    stored.set(`${a.level}|${a.accountCode}`, { d: a.debitCents, c: a.creditCents, n: a.count });
  for (const k of new Set([...expected.keys(), ...stored.keys()])) {
    const e = expected.get(k) ?? { d: 0, c: 0, n: 0 };
    const s = stored.get(k) ?? { d: 0, c: 0, n: 0 };
    if (e.d !== s.d || e.c !== s.c)
      issues.push({
        code: 'AGGREGATE_MISMATCH',
        message: `Los saldos acumulados de la cuenta ${k.slice(2)} en ${periodKey(year, month)} no coinciden con sus asientos.`,
      });
  }
  return {
    balanceDate: date,
    isBalanced: debit === credit,
    totalDebitCents: debit,
    totalCreditCents: credit,
    differenceCents: debit - credit,
    aggregatesMatchEntries: !issues.some((i) => i.code === 'AGGREGATE_MISMATCH'),
    issues,
  };
}

const ratio = (a: number, b: number): number | null =>
  b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;

/** Ratios and the monthly result of a year (balance sheet at its end, or at today's month for the current year). */
export async function readFinancialReport(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  year?: number,
): Promise<FinancialReport> {
  const now = today(deps);
  const y = year ?? yearOf(now);
  const end = monthEnd(y, 12) < now ? monthEnd(y, 12) : snapBalanceDate(now, 'MONTHLY');
  const [bs, aggregates] = await Promise.all([
    readBalanceSheet(deps, companyId, settings, {
      balanceDate: end,
      periodType: 'MONTHLY',
      layout: 'ABREVIADO',
    }),
    yearAggregates(deps, companyId, y, 'C'),
  ]);
  const pnl = aggregates.filter((a) => isPnlCode(a.accountCode));
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const m = pnl.filter((a) => a.month === i + 1);
    const revenue = m
      .filter((a) => a.accountCode.startsWith('7'))
      .reduce((s, a) => s + a.creditCents - a.debitCents, 0);
    const expense = m
      .filter((a) => a.accountCode.startsWith('6'))
      .reduce((s, a) => s + a.debitCents - a.creditCents, 0);
    return {
      month: periodKey(y, i + 1),
      revenueCents: revenue,
      expenseCents: expense,
      resultCents: revenue - expense,
    };
  });
  const revenue = monthly.reduce((s, m) => s + m.revenueCents, 0);
  const expense = monthly.reduce((s, m) => s + m.expenseCents, 0);
  const result = revenue - expense;
  const liabilities = bs.liabilities.totalCents;
  return {
    companyId,
    year: y,
    revenueCents: revenue,
    expenseCents: expense,
    resultCents: result,
    totalAssetsCents: bs.totalAssetsCents,
    equityCents: bs.equity.totalCents,
    liabilitiesCents: liabilities,
    ratios: {
      liquidity: ratio(bs.assets.currentTotalCents, bs.liabilities.currentTotalCents),
      solvency: ratio(bs.totalAssetsCents, liabilities),
      debtRatio: ratio(liabilities, bs.totalAssetsCents),
      returnOnEquity: ratio(result, bs.equity.totalCents),
      returnOnAssets: ratio(result, bs.totalAssetsCents),
      netMargin: ratio(result, revenue),
    },
    monthly,
  };
}
