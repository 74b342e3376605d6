/**
 * The sections of the company dashboard's summary (spec part 3 §2 company dashboard, §3 company
 * dashboard data) built from what the store read: month figures from the invoice-type sections of
 * the running tax aggregates, the open items and the collection summary of the treasury projection,
 * the open tax obligations, the ledger's month aggregates and the latest items of each area. Pure: no
 * I/O, no clock.
 */

import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { addDays } from '@shared/fiscal/tax-calendar';
import type {
  AccountingData,
  FinancialData,
  MonthSummary,
  NextObligation,
  RecentActivityItem,
  TaxData,
} from '@shared/schemas/dashboard';
import type { CollectionMonth } from '@shared/schemas/treasury';
import { daysLeft, monthOf, monthsStartingAt } from './summary-dates';

/** One month of both books, from the invoice-type aggregates (rectificativas netted, céntimos). */
export interface MonthFigures {
  month: string;
  issuedBase: number;
  issuedCount: number;
  receivedBase: number;
  receivedCount: number;
}

/** An open item of the treasury projection (only open documents carry the OPENDUE index). */
export interface OpenDocument {
  kind: 'INV' | 'REC';
  documentId: string;
  number: string;
  partyName: string;
  outstandingCents: number;
  nextDueDate: string | null;
}

/**
 * Average collection days over these payment months: Σ(collected × days from issue to payment) / Σ
 * collected, to whole days (half up); null when nothing was collected. Credit notes applied are not
 * collections: the summary never counts them.
 */
export function averageCollectionDays(months: readonly CollectionMonth[]): number | null {
  const cents = sum(months.map((m) => m.collectedCents));
  if (cents <= 0) return null;
  return Math.round(sum(months.map((m) => m.collectedCentsDays)) / cents);
}

/** The open tax obligations as stored (the TAXOPEN index holds only PENDING ones). */
export type OpenObligation = TaxObligation;

export type SiiStatus = NonNullable<TaxData['siiStatus']>;

/** Obligations listed as "next": due within this many days (overdue ones always). */
export const NEXT_OBLIGATIONS_WINDOW_DAYS = 30;
export const NEXT_OBLIGATIONS_LIMIT = 5;
/** Months of `obligationsByMonth`, from the current one. */
export const OBLIGATION_MONTHS = 6;
/** Months of the financial series, ending with the current one. */
export const SERIES_MONTHS = 12;
export const ACTIVITY_LIMIT = 10;

const receivables = (open: readonly OpenDocument[]) =>
  open.filter((d) => d.kind === 'INV' && d.outstandingCents > 0);
const payables = (open: readonly OpenDocument[]) =>
  open.filter((d) => d.kind === 'REC' && d.outstandingCents > 0);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** Open receivables whose next unpaid due date has passed. */
export const overdueReceivables = (open: readonly OpenDocument[], today: string): OpenDocument[] =>
  receivables(open).filter((d) => d.nextDueDate !== null && d.nextDueDate < today);

/** 'Resumen del Mes'. */
export function buildMonthSummary(input: {
  figures: MonthFigures;
  open: readonly OpenDocument[];
  obligations: readonly OpenObligation[];
}): MonthSummary {
  const pending = receivables(input.open);
  return {
    month: input.figures.month,
    income: input.figures.issuedBase,
    expenses: input.figures.receivedBase,
    pendingInvoices: { count: pending.length, amount: sum(pending.map((d) => d.outstandingCents)) },
    pendingObligations: input.obligations.length,
  };
}

/**
 * The tax section: open obligations split by today (overdue = due before today, as
 * `effectiveStatus` says), by due month for the next six months, and the next ones due within 30
 * days (overdue first). `estimated` maps an obligation to its generated model's result (céntimos).
 */
export function buildTaxData(input: {
  today: string;
  obligations: readonly OpenObligation[];
  estimated: ReadonlyMap<string, number>;
  sii: SiiStatus | null;
}): TaxData {
  const { today } = input;
  const sorted = [...input.obligations].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.obligationId.localeCompare(b.obligationId),
  );
  const isOverdue = (o: OpenObligation) => o.dueDate < today;
  const overdue = sorted.filter(isOverdue).length;
  const byMonth = monthsStartingAt(monthOf(today), OBLIGATION_MONTHS).map((month) => {
    const of = sorted.filter((o) => monthOf(o.dueDate) === month);
    const late = of.filter(isOverdue).length;
    return { month, pending: of.length - late, overdue: late };
  });
  const horizon = addDays(today, NEXT_OBLIGATIONS_WINDOW_DAYS);
  const next: NextObligation[] = sorted
    .filter((o) => o.dueDate <= horizon)
    .slice(0, NEXT_OBLIGATIONS_LIMIT)
    .map((o) => ({
      obligationId: o.obligationId,
      model: o.modelType,
      period: o.period,
      year: o.year,
      dueDate: o.dueDate,
      estimatedAmount: input.estimated.get(o.obligationId) ?? null,
      daysLeft: daysLeft(today, o.dueDate),
    }));
  return {
    obligations: {
      pending: sorted.length - overdue,
      overdue,
      totalEstimatedAmount: sum(sorted.map((o) => input.estimated.get(o.obligationId) ?? 0)),
    },
    obligationsByMonth: byMonth,
    siiStatus: input.sii,
    nextObligations: next,
  };
}

/**
 * The financial section: year to date and the twelve-month series from the month figures (the last
 * twelve months always contain every month of the current year), the open items for what is owed,
 * the average collection days over what was collected in the same twelve months (the payment months
 * of the company's collection summary; `collections` may hold other months, they are left out).
 */
export function buildFinancialData(input: {
  today: string;
  months: readonly MonthFigures[];
  open: readonly OpenDocument[];
  collections: readonly CollectionMonth[];
}): FinancialData {
  const year = input.today.slice(0, 4);
  const ytd = input.months.filter((m) => m.month.startsWith(`${year}-`) && m.month <= monthOf(input.today));
  return {
    totalRevenue: sum(ytd.map((m) => m.issuedBase)),
    totalExpenses: sum(ytd.map((m) => m.receivedBase)),
    pendingPayments: sum(payables(input.open).map((d) => d.outstandingCents)),
    avgCollectionDays: averageCollectionDays(
      input.collections.filter((c) => input.months.some((m) => m.month === c.month)),
    ),
    invoicesIssued: sum(ytd.map((m) => m.issuedCount)),
    invoicesReceived: sum(ytd.map((m) => m.receivedCount)),
    overdueInvoices: overdueReceivables(input.open, input.today).length,
    revenueByMonth: input.months.map((m) => ({ month: m.month, value: m.issuedBase })),
    expensesByMonth: input.months.map((m) => ({ month: m.month, value: m.receivedBase })),
  };
}

/** One ledger month aggregate at the PGC level (`LEDGERAGG#<c>#<year>`, `C#<mm>#<kind>#<code>`). */
export interface LedgerMonthSum {
  accountCode: string;
  /** N normal, R regularisation, C closing, O opening. */
  kind: string;
  debitCents: number;
  creditCents: number;
}

/**
 * The accounting card: the year's result from groups 7 and 6 of the normal entries (the
 * regularisation and closing entries that empty them at year end are left out, so the card shows
 * the year's activity), cash and banks (57x) from every entry except the closing one (the opening
 * entry carries the previous year's balance), entries posted this year from the numbering counter.
 */
export function buildAccountingData(input: {
  year: number;
  sums: readonly LedgerMonthSum[];
  entries: number;
  closedThrough: string | null;
}): AccountingData {
  const normal = input.sums.filter((s) => s.kind === 'N');
  const income = sum(
    normal.filter((s) => s.accountCode.startsWith('7')).map((s) => s.creditCents - s.debitCents),
  );
  const expenses = sum(
    normal.filter((s) => s.accountCode.startsWith('6')).map((s) => s.debitCents - s.creditCents),
  );
  const cash = sum(
    input.sums
      .filter((s) => s.kind !== 'C' && s.accountCode.startsWith('57'))
      .map((s) => s.debitCents - s.creditCents),
  );
  return {
    year: input.year,
    result: income - expenses,
    income,
    expenses,
    cash,
    entries: input.entries,
    closedThrough: input.closedThrough,
  };
}

/** The latest events of each area, merged newest first, at most ten. */
export function buildActivity(groups: readonly (readonly RecentActivityItem[])[]): RecentActivityItem[] {
  return groups
    .flat()
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id))
    .slice(0, ACTIVITY_LIMIT);
}
