/**
 * The obligations the advisor dashboard reads of one company (issue 20), pure: which attributes it
 * needs (the store projects only these), how the two reads combine into the open obligations, and
 * which of those are overdue or due within DUE_SOON_DAYS.
 *
 * The store reads the obligations of the previous and current tax year in full (compliance and
 * filings) and, from the sparse open index, only the open obligations of OTHER years (older ones
 * still unfiled, later ones already generated): the open obligations of the two years are already
 * among the first read, so the company's open obligations are the open ones of the two-year read
 * plus the other-years read.
 */

import { DUE_SOON_DAYS } from '@shared/fiscal/company-health';
import { countdownDate, effectiveStatus, isOpen, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { addDays } from './advisor-period';
import type { ObligationFact } from './advisor-stats';

/**
 * Every attribute of an obligation the dashboard uses: the fact (label, due date), the status and
 * filing time (compliance of shared/fiscal/fiscal-analysis.ts, filings as activity) and the
 * direct-debit date the countdown uses.
 */
export const OBLIGATION_ATTRIBUTES = [
  'obligationId',
  'modelType',
  'period',
  'year',
  'dueDate',
  'alertDate',
  'status',
  'submittedAt',
] as const satisfies readonly (keyof TaxObligation)[];

/** An obligation as the dashboard reads it (projected to OBLIGATION_ATTRIBUTES). */
export type ObligationView = Pick<TaxObligation, (typeof OBLIGATION_ATTRIBUTES)[number]>;

/** The tax years the full read covers: the previous and the current one (those the fiscal analysis scores). */
export function scoredYears(today: string): { from: number; to: number } {
  const year = Number(today.slice(0, 4));
  return { from: year - 1, to: year };
}

/**
 * The company's open obligations: the open ones of the scored years' read plus those of the open
 * index outside those years (an open-index entry of a scored year is ignored: the full read is
 * the base table's own answer), each once, by due date.
 */
export function mergeOpenObligations(
  scored: readonly ObligationView[],
  years: { from: number; to: number },
  otherYearsOpen: readonly ObligationView[],
): ObligationView[] {
  const out = new Map<string, ObligationView>();
  for (const o of scored) if (isOpen(o.status)) out.set(o.obligationId, o);
  for (const o of otherYearsOpen)
    if (isOpen(o.status) && (o.year < years.from || o.year > years.to) && !out.has(o.obligationId))
      out.set(o.obligationId, o);
  // The open index's order: by due date.
  return [...out.values()].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.obligationId.localeCompare(b.obligationId),
  );
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** `madridDate` of shared/fiscal/verifactu-obligation.ts, its formatter made once. */
const madridDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The obligations with each filing timestamp replaced by its Madrid calendar day, the value
 * `filedOn` of shared/fiscal/fiscal-analysis.ts derives from it (a date is kept as it is), so
 * `compliancePercentage` gives the same score without building a date formatter per obligation
 * (that formatter was most of the cold path's CPU: thousands of filings per request).
 */
export function withFilingDays(obligations: readonly ObligationView[]): ObligationView[] {
  return obligations.map((o) =>
    o.submittedAt && !DATE_ONLY.test(o.submittedAt)
      ? { ...o, submittedAt: madridDay.format(new Date(o.submittedAt)) }
      : o,
  );
}

export const factOf = (o: ObligationView): ObligationFact => ({
  obligationId: o.obligationId,
  modelType: o.modelType,
  period: o.period,
  year: o.year,
  dueDate: o.dueDate,
});

/** Open obligations past their due date, and the others whose countdown date is within DUE_SOON_DAYS. */
export function classifyOpen(
  open: readonly ObligationView[],
  today: string,
): { overdue: ObligationView[]; dueSoon: (ObligationFact & { countdown: string })[] } {
  const soonLimit = addDays(today, DUE_SOON_DAYS);
  const overdue = open.filter((o) => isOpen(o.status) && effectiveStatus(o, today) === 'OVERDUE');
  const dueSoon = open
    .filter((o) => isOpen(o.status) && effectiveStatus(o, today) !== 'OVERDUE')
    .map((o) => ({ ...factOf(o), countdown: countdownDate(o, today) }))
    .filter((o) => o.countdown <= soonLimit);
  return { overdue, dueSoon };
}
