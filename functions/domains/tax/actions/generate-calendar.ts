/**
 * POST /tax/companies/{companyId}/calendar/generate {year} — (re)plans the obligations of a tax year
 * from the profile and answers the calendar with what the run changed. Idempotent: a second call
 * answers 0 created, 0 updated, 0 removed.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type CalendarView, GenerateCalendarBody } from '@shared/schemas/tax';
import type { TaxDeps } from '../store/deps';
import { calendarView, loadCalendarYear } from './get-calendar';

export interface GeneratedCalendar extends CalendarView {
  created: number;
  updated: number;
  removed: number;
}

export async function generateCalendar(
  input: { companyId: string; year: number },
  deps: TaxDeps,
): Promise<GeneratedCalendar> {
  const loaded = await loadCalendarYear(deps, input.companyId, input.year);
  return {
    ...calendarView(input.companyId, loaded),
    created: loaded.created,
    updated: loaded.updated,
    removed: loaded.removed,
  };
}

export const generateCalendarRoute = defineCompanyAction({
  body: GenerateCalendarBody,
  run: ({ scope, body }, deps: TaxDeps) =>
    generateCalendar({ companyId: scope.companyId, year: body.year }, deps),
});
