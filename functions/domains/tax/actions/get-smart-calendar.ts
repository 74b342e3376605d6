/**
 * GET /tax/companies/{companyId}/smart-calendar?year= — the year's obligations grouped by the month
 * of their due date (from January of the year to the month of the last one, which for the 4T and
 * the annual returns falls in the next year), with the next one to file and the overdue ones first.
 * Materialises the year like the calendar (get-calendar.ts).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type ObligationView, type SmartCalendarView, YearQuery } from '@shared/schemas/tax';
import { byDueDate, monthsBetween, toObligationView } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { loadCalendarYear } from './get-calendar';

export function smartCalendarView(
  companyId: string,
  year: number,
  obligations: ObligationView[],
): SmartCalendarView {
  const sorted = [...obligations].sort(byDueDate);
  const last = sorted.reduce(
    (max, o) => (o.dueDate.slice(0, 7) > max ? o.dueDate.slice(0, 7) : max),
    `${year}-12`,
  );
  const months = monthsBetween(`${year}-01`, last).map((month) => {
    const inMonth = sorted.filter((o) => o.dueDate.startsWith(month));
    return {
      month,
      obligations: inMonth,
      pending: inMonth.filter((o) => o.status === 'PENDING').length,
      overdue: inMonth.filter((o) => o.status === 'OVERDUE').length,
    };
  });
  return {
    companyId,
    year,
    months,
    next: sorted.find((o) => o.status === 'PENDING') ?? null,
    overdue: sorted.filter((o) => o.status === 'OVERDUE'),
  };
}

export async function getSmartCalendar(
  input: { companyId: string; year: number | undefined },
  deps: TaxDeps,
): Promise<SmartCalendarView> {
  const loaded = await loadCalendarYear(deps, input.companyId, input.year);
  return smartCalendarView(
    input.companyId,
    loaded.year,
    loaded.obligations.map((o) => toObligationView(o, loaded.today)),
  );
}

export const getSmartCalendarRoute = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    getSmartCalendar({ companyId: scope.companyId, year: query.year }, deps),
});
