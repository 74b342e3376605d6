/**
 * Which obligations a calendar screen shows. The API keys obligations by their period's year
 * (`GET taxCalendar.get?year=`), while a calendar is read by due date: the 4T, the annual summaries
 * and the Renta of one year fall due in the next. So the screen of year Y reads the calendars of Y
 * and Y-1 and shows what falls due in Y. A filter (`overdue`, `pending`, from the alerts' links)
 * shows every such obligation of both, whatever its due year: an overdue 3T of last year is still
 * overdue in January.
 */
import type { ObligationView } from '@shared/schemas/tax';
import type { ObligationFilter } from '../hooks/use-calendar-state';

const STATUS_OF_FILTER: Record<ObligationFilter, ObligationView['status']> = {
  overdue: 'OVERDUE',
  pending: 'PENDING',
};

export function obligationsForView(
  calendars: readonly (readonly ObligationView[] | undefined)[],
  year: number,
  filter: ObligationFilter | undefined,
): ObligationView[] {
  const seen = new Set<string>();
  const out: ObligationView[] = [];
  for (const list of calendars) {
    for (const o of list ?? []) {
      if (seen.has(o.obligationId)) continue;
      seen.add(o.obligationId);
      if (filter ? o.status !== STATUS_OF_FILTER[filter] : !o.dueDate.startsWith(`${year}-`)) continue;
      out.push(o);
    }
  }
  return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.modelType.localeCompare(b.modelType));
}

/** The obligations due on each day (`YYYY-MM-DD`). */
export function byDueDate(obligations: readonly ObligationView[]): Map<string, ObligationView[]> {
  const days = new Map<string, ObligationView[]>();
  for (const o of obligations) days.set(o.dueDate, [...(days.get(o.dueDate) ?? []), o]);
  return days;
}
