/**
 * The balance sheet and the P&L (spec part 2 §9 "Accounting"; PGC 2007 third part, "Modelos de cuentas
 * anuales" abreviado / PYMES) from account balances at the PGC-account level, however they were summed
 * (the month aggregates in store/queries.ts, or every entry in recompute.ts). Pure.
 *
 * Decisions (design "Reports read aggregates"):
 * - The year's P&L accounts (groups 6 and 7) sit in equity, A-1.VII "Resultado del ejercicio", with
 *   129, until the year is closed; results of earlier years whose P&L was not regularised (years not
 *   closed) go to A-1.V "Resultados de ejercicios anteriores" (the model's `balu` is not used).
 * - An account no line of the model takes (a code outside the PGC, groups 8/9) goes to "Otros deudores"
 *   when its balance is a debit and "Otros acreedores" when a credit; a P&L account no line takes goes
 *   to "Otros resultados". So the balance sheet always balances and D) always equals revenue − expense.
 */

import type {
  AccountType,
  BalanceAccount,
  BalanceCategory,
  BalanceSheet,
  BalanceSide,
  IncomeStatement,
  PeriodType,
  StatementLayout,
  StatementLine,
} from '@shared/schemas/accounting';
import {
  type AccountAmount,
  type Contribution,
  type EvaluatedLine,
  evaluateLayout,
  matchesAny,
  parseExpression,
} from './expressions';
import { balanceLayout, KPI, type LayoutLine, pygLayout } from './layouts';

export const euros = (cents: number): number => Math.round(cents) / 100;

/** The first digit of the code: 6 and 7 are the P&L (PGC 2007 fifth part). */
export const isPnlCode = (code: string): boolean => code.startsWith('6') || code.startsWith('7');

/** Rows the balance sheet shows for what is not one account. */
export const CURRENT_RESULT_ROW = {
  accountId: 'PYG',
  accountName: 'Pérdidas y ganancias del ejercicio',
} as const;
export const PRIOR_RESULT_ROW = {
  accountId: 'PYG-ANT',
  accountName: 'Resultados de ejercicios anteriores sin cerrar',
} as const;

/** A movement summed at the PGC-account level: one month's aggregate, or one entry line. */
export interface Movement {
  year: number;
  accountCode: string;
  debitCents: number;
  creditCents: number;
}

export interface DateBalances {
  /** Balance (debit − credit) at the date of every account with one; P&L accounts: the year's only. */
  ending: AccountAmount[];
  /** Result of earlier years whose P&L accounts were not regularised (credit positive: a profit). */
  priorUnclosedResultCents: number;
  /** The year's result so far (revenue − expense of its movements on groups 6/7, before regularising). */
  yearResultCents: number;
}

/**
 * Balances at a date from the movements up to it (the caller chose them: normal movements of every
 * year up to the date, plus the regularisation entries of closed years). `year` is the date's year.
 */
export function balancesAtDate(movements: readonly Movement[], year: number): DateBalances {
  const byCode = new Map<string, number>();
  let prior = 0;
  for (const m of movements) {
    const balance = m.debitCents - m.creditCents;
    if (isPnlCode(m.accountCode) && m.year < year) {
      prior -= balance;
      continue;
    }
    byCode.set(m.accountCode, (byCode.get(m.accountCode) ?? 0) + balance);
  }
  const ending = [...byCode]
    .filter(([, b]) => b !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountCode, balanceCents]) => ({ accountCode, matchCode: accountCode, balanceCents }));
  const yearResult = ending.filter((a) => isPnlCode(a.accountCode)).reduce((s, a) => s - a.balanceCents, 0);
  return { ending, priorUnclosedResultCents: prior, yearResultCents: yearResult };
}

/** Every account prefix any function of the model names. */
function modelPrefixes(lines: readonly LayoutLine[]): string[] {
  return lines.flatMap((l) =>
    parseExpression(l.expression).flatMap((t) => (t.kind === 'accounts' ? t.prefixes : [])),
  );
}

const percent = (part: number, total: number): number =>
  total === 0 ? 0 : Math.round((part * 10_000) / total) / 100;

const statementLine = (l: LayoutLine, e: EvaluatedLine | undefined): StatementLine => {
  const amountCents = e?.amountCents ?? 0;
  return {
    code: l.code,
    label: l.label,
    level: l.level,
    amountCents,
    amount: euros(amountCents),
    isTotal: l.isTotal,
  };
};

export interface BalanceSheetInput {
  companyId: string;
  balanceDate: string;
  periodType: PeriodType;
  layout: StatementLayout;
  balances: DateBalances;
  accountName: (code: string) => string;
  itemsRead: number;
}

export function balanceSheet(input: BalanceSheetInput): BalanceSheet {
  const lines = balanceLayout(input.layout);
  const { ending, priorUnclosedResultCents } = input.balances;
  const prefixes = modelPrefixes(lines);
  const extra: Record<string, Contribution[]> = { [KPI.otherDebtors]: [], [KPI.otherCreditors]: [] };
  for (const a of ending) {
    if (matchesAny(a.matchCode, prefixes)) continue;
    if (a.balanceCents > 0)
      extra[KPI.otherDebtors]!.push({ accountCode: a.accountCode, amountCents: a.balanceCents });
    else extra[KPI.otherCreditors]!.push({ accountCode: a.accountCode, amountCents: -a.balanceCents });
  }
  if (priorUnclosedResultCents !== 0)
    extra[KPI.priorResults] = [
      { accountCode: PRIOR_RESULT_ROW.accountId, amountCents: priorUnclosedResultCents },
    ];
  const evaluated = evaluateLayout(lines, { ending, period: [], unallocated: [] }, extra);
  const amount = (kpi: string) => evaluated.get(kpi)?.amountCents ?? 0;
  const totalAssets = amount(KPI.totalAssets);
  const totalPassive = amount(KPI.totalEquityAndLiabilities);

  const categoryOf = (l: LayoutLine): BalanceCategory | null => {
    const e = evaluated.get(l.kpi);
    if (!e || e.contributions.length === 0 || l.section === null) return null;
    const total = l.section.endsWith('ASSETS') ? totalAssets : totalPassive;
    const merged = new Map<string, number>();
    for (const c of e.contributions) {
      const key =
        l.kpi === KPI.yearResult && isPnlCode(c.accountCode) ? CURRENT_RESULT_ROW.accountId : c.accountCode;
      merged.set(key, (merged.get(key) ?? 0) + c.amountCents);
    }
    const accounts: BalanceAccount[] = [...merged].map(([code, cents]) => ({
      accountId: code,
      accountCode: code,
      accountName:
        code === CURRENT_RESULT_ROW.accountId
          ? CURRENT_RESULT_ROW.accountName
          : code === PRIOR_RESULT_ROW.accountId
            ? PRIOR_RESULT_ROW.accountName
            : input.accountName(code),
      balanceCents: cents,
      balance: euros(cents),
      percentage: percent(cents, total),
    }));
    const subtotal = accounts.reduce((s, a) => s + a.balanceCents, 0);
    return {
      categoryCode: l.code,
      categoryName: l.label,
      categoryType: l.section === 'EQUITY' ? 'EQUITY' : l.section.endsWith('ASSETS') ? 'ASSET' : 'LIABILITY',
      accounts,
      subtotalCents: subtotal,
      subtotal: euros(subtotal),
    };
  };
  const categories = lines.map((l) => ({ line: l, category: categoryOf(l) }));
  const inSection = (s: LayoutLine['section']) =>
    categories.filter((c) => c.line.section === s && c.category).map((c) => c.category!);
  const side = (
    nonCurrentKpi: string,
    currentKpi: string,
    nc: LayoutLine['section'],
    cur: LayoutLine['section'],
  ): BalanceSide => {
    const nonCurrentTotal = amount(nonCurrentKpi);
    const currentTotal = amount(currentKpi);
    return {
      current: inSection(cur),
      nonCurrent: inSection(nc),
      currentTotalCents: currentTotal,
      nonCurrentTotalCents: nonCurrentTotal,
      totalCents: currentTotal + nonCurrentTotal,
      total: euros(currentTotal + nonCurrentTotal),
    };
  };
  const equityTotal = amount(KPI.equity);
  return {
    companyId: input.companyId,
    balanceDate: input.balanceDate,
    periodType: input.periodType,
    layout: input.layout,
    assets: side(KPI.nonCurrentAssets, KPI.currentAssets, 'NON_CURRENT_ASSETS', 'CURRENT_ASSETS'),
    liabilities: side(
      KPI.nonCurrentLiabilities,
      KPI.currentLiabilities,
      'NON_CURRENT_LIABILITIES',
      'CURRENT_LIABILITIES',
    ),
    equity: { items: inSection('EQUITY'), totalCents: equityTotal, total: euros(equityTotal) },
    totalAssetsCents: totalAssets,
    totalAssets: euros(totalAssets),
    totalLiabilitiesAndEquityCents: totalPassive,
    totalLiabilitiesAndEquity: euros(totalPassive),
    isBalanced: totalAssets === totalPassive,
    resultCents: input.balances.yearResultCents,
    lines: lines.map((l) => statementLine(l, evaluated.get(l.kpi))),
    itemsRead: input.itemsRead,
  };
}

export interface IncomeStatementInput {
  companyId: string;
  fromDate: string;
  toDate: string;
  layout: StatementLayout;
  /** Balances (debit − credit) over the period of the P&L accounts (others are ignored). */
  period: readonly AccountAmount[];
  accountName: (code: string) => string;
  itemsRead: number;
}

export function incomeStatement(input: IncomeStatementInput): IncomeStatement {
  const lines = pygLayout(input.layout);
  const period = input.period.filter((a) => isPnlCode(a.matchCode) && a.balanceCents !== 0);
  const prefixes = modelPrefixes(lines);
  const unmapped = period
    .filter((a) => !matchesAny(a.matchCode, prefixes))
    .map((a) => ({ accountCode: a.accountCode, amountCents: -a.balanceCents }));
  const evaluated = evaluateLayout(
    lines,
    { ending: [], period, unallocated: [] },
    unmapped.length ? { [KPI.otherResults]: unmapped } : {},
  );
  const lineOf = new Map<string, string>();
  for (const l of lines)
    for (const c of evaluated.get(l.kpi)?.contributions ?? [])
      if (!lineOf.has(c.accountCode)) lineOf.set(c.accountCode, l.code);
  let revenue = 0;
  let expense = 0;
  const accounts = period.map((a) => {
    const type: AccountType = a.matchCode.startsWith('7') ? 'REVENUE' : 'EXPENSE';
    if (type === 'REVENUE') revenue -= a.balanceCents;
    else expense += a.balanceCents;
    return {
      accountId: a.accountCode,
      accountCode: a.accountCode,
      accountName: input.accountName(a.accountCode),
      type,
      amountCents: -a.balanceCents,
      lineCode: lineOf.get(a.accountCode) ?? '',
    };
  });
  const result = revenue - expense;
  return {
    companyId: input.companyId,
    fromDate: input.fromDate,
    toDate: input.toDate,
    layout: input.layout,
    lines: lines.map((l) => statementLine(l, evaluated.get(l.kpi))),
    accounts,
    revenueCents: revenue,
    expenseCents: expense,
    resultCents: result,
    result: euros(result),
    itemsRead: input.itemsRead,
  };
}

/** Period balances (debit − credit) per account from movements, for `incomeStatement`. */
export function periodBalances(movements: readonly Omit<Movement, 'year'>[]): AccountAmount[] {
  const byCode = new Map<string, number>();
  for (const m of movements)
    byCode.set(m.accountCode, (byCode.get(m.accountCode) ?? 0) + m.debitCents - m.creditCents);
  return [...byCode]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountCode, balanceCents]) => ({ accountCode, matchCode: accountCode, balanceCents }));
}
