/**
 * The balance sheet and P&L recomputed from every entry's lines instead of the month aggregates: the
 * reference the aggregate-based reports must equal (tests, and the bench, which prints both). Same
 * rules as the reports: normal entries, plus the regularisation entries of closed years dated up to the
 * balance date; closing and opening entries cancel out and are left aside; the P&L period snaps to
 * whole months like the report's (dates.ts). Pure.
 */

import type {
  BalanceSheet,
  EntryKind,
  IncomeStatement,
  PeriodType,
  StatementLayout,
} from '@shared/schemas/accounting';
import { snapBalanceDate, snapPeriod, yearOf } from './dates';
import { balanceSheet, balancesAtDate, incomeStatement, type Movement, periodBalances } from './statements';

export interface RecomputeEntry {
  entryDate: string;
  kind: EntryKind;
  lines: readonly { accountCode: string; debitCents: number; creditCents: number }[];
}

export interface RecomputeOptions {
  companyId: string;
  balanceDate: string;
  periodType?: PeriodType;
  fromDate: string;
  toDate: string;
  layout?: StatementLayout;
  /** The PGC account a sub-account belongs to (null for a PGC account itself). */
  parentOf: (code: string) => string | null;
  accountName: (code: string) => string;
}

/** Lines of entries as PGC-account movements (a sub-account's line moves its parent). */
export function entryMovements(
  entries: readonly RecomputeEntry[],
  parentOf: (code: string) => string | null,
  keep: (e: RecomputeEntry) => boolean,
): Movement[] {
  return entries.filter(keep).flatMap((e) =>
    e.lines.map((l) => ({
      year: yearOf(e.entryDate),
      accountCode: parentOf(l.accountCode) ?? l.accountCode,
      debitCents: l.debitCents,
      creditCents: l.creditCents,
    })),
  );
}

export function recomputeFromEntries(
  entries: readonly RecomputeEntry[],
  o: RecomputeOptions,
): { balanceSheet: BalanceSheet; incomeStatement: IncomeStatement } {
  const periodType = o.periodType ?? 'MONTHLY';
  const layout = o.layout ?? 'ABREVIADO';
  const date = snapBalanceDate(o.balanceDate, periodType);
  const atDate = entryMovements(
    entries,
    o.parentOf,
    (e) => e.entryDate <= date && (e.kind === 'NORMAL' || e.kind === 'REGULARIZATION'),
  );
  const period = snapPeriod(o.fromDate, o.toDate);
  const inPeriod = entryMovements(
    entries,
    o.parentOf,
    (e) => e.kind === 'NORMAL' && e.entryDate >= period.fromDate && e.entryDate <= period.toDate,
  );
  return {
    balanceSheet: balanceSheet({
      companyId: o.companyId,
      balanceDate: date,
      periodType,
      layout,
      balances: balancesAtDate(atDate, yearOf(date)),
      accountName: o.accountName,
      itemsRead: entries.length,
    }),
    incomeStatement: incomeStatement({
      companyId: o.companyId,
      fromDate: period.fromDate,
      toDate: period.toDate,
      layout,
      period: periodBalances(inPeriod),
      accountName: o.accountName,
      itemsRead: entries.length,
    }),
  };
}
