/**
 * The client's obligations grouped as the 'Mis obligaciones' page shows them: overdue, due within
 * the next 30 days (spec part 2 §4/§9 upcoming window) and filed this year. Pure: `today` is the
 * Spanish calendar day (Europe/Madrid), as the server counts.
 */
import { countdownDate, UPCOMING_WINDOW_DAYS } from '@shared/fiscal/fiscal-alerts';
import { daysBetween } from '@shared/fiscal/tax-calendar';
import type { ObligationView } from '@shared/schemas/tax';

export interface DatedObligation {
  obligation: ObligationView;
  /** Days to the date it counts down to (the debit deadline while it can still be debited); negative once past. */
  daysLeft: number;
  /** Days since the due date, for overdue ones. */
  daysOverdue: number;
}

export interface ObligationGroups {
  overdue: DatedObligation[];
  upcoming: DatedObligation[];
  filed: DatedObligation[];
}

/** Filed, or turned into its model's tax debt: nothing left to do. */
const SETTLED = new Set(['SUBMITTED', 'OBLIGATION_GENERATED']);

/**
 * - Vencidas: not filed and past the due date (OVERDUE, or a generated model never filed).
 * - Próximas: not filed, due today or within 30 days, counting to the debit deadline while the
 *   direct debit is still possible (fiscal-alerts.ts `countdownDate`).
 * - Presentadas: filed, due in `year`.
 * Later obligations of the year are in none of them (the calendar lists them). The same obligation
 * may arrive in two calendars (current and previous year): it is counted once.
 */
export function groupObligations(
  obligations: readonly ObligationView[],
  today: string,
  year: number,
): ObligationGroups {
  const groups: ObligationGroups = { overdue: [], upcoming: [], filed: [] };
  const seen = new Set<string>();
  for (const o of obligations) {
    if (seen.has(o.obligationId)) continue;
    seen.add(o.obligationId);
    const dated: DatedObligation = {
      obligation: o,
      daysLeft: daysBetween(today, countdownDate(o, today)),
      daysOverdue: Math.max(0, daysBetween(o.dueDate, today)),
    };
    if (SETTLED.has(o.status)) {
      if (o.dueDate.startsWith(`${year}-`)) groups.filed.push(dated);
    } else if (o.status === 'OVERDUE' || today > o.dueDate) {
      groups.overdue.push(dated);
    } else if (dated.daysLeft <= UPCOMING_WINDOW_DAYS) {
      groups.upcoming.push(dated);
    }
  }
  const byDue = (a: DatedObligation, b: DatedObligation) =>
    a.obligation.dueDate.localeCompare(b.obligation.dueDate) ||
    a.obligation.modelType.localeCompare(b.obligation.modelType);
  groups.overdue.sort(byDue);
  groups.upcoming.sort(byDue);
  // The latest filed first.
  groups.filed.sort((a, b) => byDue(b, a));
  return groups;
}
