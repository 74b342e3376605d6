/**
 * GET /tax/companies/{companyId}/obligations/pending?year= — the open obligations (PENDING, and
 * PENDING past the due date, which read OVERDUE) of a tax year (default: the current year in
 * Madrid), by due date. Materialises the year like the calendar (get-calendar.ts).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { isOpen } from '@shared/fiscal/fiscal-alerts';
import { type ObligationView, YearQuery } from '@shared/schemas/tax';
import { byDueDate, toObligationView } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { loadCalendarYear } from './get-calendar';

export async function pendingObligations(
  input: { companyId: string; year: number | undefined },
  deps: TaxDeps,
): Promise<ObligationView[]> {
  const loaded = await loadCalendarYear(deps, input.companyId, input.year);
  return loaded.obligations
    .filter((o) => isOpen(o.status))
    .sort(byDueDate)
    .map((o) => toObligationView(o, loaded.today));
}

export const pendingObligationsRoute = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    pendingObligations({ companyId: scope.companyId, year: query.year }, deps),
});
