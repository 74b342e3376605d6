/**
 * How an obligation is answered: the stored `TaxObligation` plus what depends on today (its status
 * as of today and the days left or overdue) and its Spanish names. Pure: `today` is the Madrid date
 * (model/dates.ts).
 */

import { effectiveStatus, periodLabel, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { daysBetween } from '@shared/fiscal/tax-calendar';
import type { ObligationView, OverdueObligation, UpcomingObligation } from '@shared/schemas/tax';
import { taxModelNames } from '@shared/schemas/tax-profile';

/**
 * The obligation as every tax call answers it: a PENDING one past its due date reads OVERDUE
 * (never stored so: fiscal-alerts.ts `effectiveStatus`); `daysRemaining` counts to the `dueDate` it
 * is shown with, `actionDaysRemaining` to `alertDate` (the domiciliation deadline when paid by direct
 * debit: what the alerts count down to), `daysOverdue` from the due date.
 */
export function toObligationView(o: TaxObligation, today: string): ObligationView {
  const status = effectiveStatus(o, today);
  return {
    ...o,
    status,
    modelName: taxModelNames[o.modelType],
    periodLabel: periodLabel(o.modelType, o.period, o.year),
    daysRemaining: daysBetween(today, o.dueDate),
    actionDaysRemaining: daysBetween(today, o.alertDate),
    ...(status === 'OVERDUE' ? { daysOverdue: daysBetween(o.dueDate, today) } : {}),
  };
}

/** An obligation in the cross-company lists (spec: id, modelType, dueDate, daysRemaining, period, year, createdAt). */
export function toUpcoming(o: TaxObligation, companyName: string, today: string): UpcomingObligation {
  return {
    id: o.obligationId,
    companyId: o.companyId,
    companyName,
    modelType: o.modelType,
    modelName: taxModelNames[o.modelType],
    period: o.period,
    periodLabel: periodLabel(o.modelType, o.period, o.year),
    year: o.year,
    dueDate: o.dueDate,
    domiciliationDueDate: o.domiciliationDueDate,
    paidByDomiciliation: o.paidByDomiciliation,
    daysRemaining: daysBetween(today, o.dueDate),
    actionDaysRemaining: daysBetween(today, o.alertDate),
    status: effectiveStatus(o, today),
    createdAt: o.createdAt,
  };
}

/** An overdue obligation: `toUpcoming` plus the days since its due date (callers pass overdue ones). */
export function toOverdue(o: TaxObligation, companyName: string, today: string): OverdueObligation {
  return { ...toUpcoming(o, companyName, today), daysOverdue: daysBetween(o.dueDate, today) };
}

/** Calendar order: due date, then model, then the period's start. */
export function byDueDate<T extends Pick<TaxObligation, 'dueDate' | 'modelType' | 'periodStart'>>(
  a: T,
  b: T,
): number {
  return (
    a.dueDate.localeCompare(b.dueDate) ||
    a.modelType.localeCompare(b.modelType) ||
    a.periodStart.localeCompare(b.periodStart)
  );
}

/**
 * The effectiveFrom of every profile version in force at some point of `year`: the one in force on
 * 1 January (if any) and those starting within the year.
 */
export function versionsInYear(versions: readonly { effectiveFrom: string }[], year: number): string[] {
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const first = versions
    .filter((v) => v.effectiveFrom <= start)
    .reduce<string | undefined>(
      (latest, v) => (!latest || v.effectiveFrom > latest ? v.effectiveFrom : latest),
      undefined,
    );
  const within = versions.map((v) => v.effectiveFrom).filter((d) => d > start && d <= end);
  return [...new Set([...(first ? [first] : []), ...within])].sort();
}

/** Every month 'YYYY-MM' from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m === 13) {
      m = 1;
      y++;
    }
  }
  return out;
}
