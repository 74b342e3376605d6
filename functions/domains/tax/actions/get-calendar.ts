/**
 * GET /tax/companies/{companyId}/calendar?year= — the fiscal calendar of a tax year (default: the
 * current year in Madrid): every obligation of the year, settled ones too, by due date.
 *
 * A GET that writes: the calendar is a deterministic function of the tax profile, so before
 * answering it materialises the year's obligations (`ensureYearObligations`, idempotent — when they
 * already exist it only reads). That is what lets a gestor open any year 2000-2100 and see the
 * obligations the profile implies for it, stored with their status, without a separate step.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type CalendarView, YearQuery } from '@shared/schemas/tax';
import { madridToday, yearOf } from '../model/dates';
import { byDueDate, toObligationView, versionsInYear } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { type EnsureYearResult, ensureYearObligations } from '../store/obligations';
import { requireProfile } from '../store/profile';

export interface CalendarYear extends EnsureYearResult {
  today: string;
  year: number;
  /** The effectiveFrom of the profile versions in force during the year. */
  profileVersions: string[];
}

/** The year's obligations, materialised from the profile first (TAX_021 without a profile). */
export async function loadCalendarYear(
  deps: TaxDeps,
  companyId: string,
  requestedYear: number | undefined,
): Promise<CalendarYear> {
  const today = madridToday(deps.now());
  const year = requestedYear ?? yearOf(today);
  const profile = await requireProfile(deps, companyId);
  const result = await ensureYearObligations(deps, { profile, year, today });
  return { ...result, today, year, profileVersions: versionsInYear(profile.versions, year) };
}

export function calendarView(companyId: string, loaded: CalendarYear): CalendarView {
  return {
    companyId,
    year: loaded.year,
    obligations: [...loaded.obligations].sort(byDueDate).map((o) => toObligationView(o, loaded.today)),
    profileVersions: loaded.profileVersions,
  };
}

export async function getCalendar(
  input: { companyId: string; year: number | undefined },
  deps: TaxDeps,
): Promise<CalendarView> {
  return calendarView(input.companyId, await loadCalendarYear(deps, input.companyId, input.year));
}

export const getCalendarRoute = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    getCalendar({ companyId: scope.companyId, year: query.year }, deps),
});
