/**
 * GET /tax/companies/{companyId}/threshold-alerts?year= (default: the current year in Madrid) —
 * what the year's invoicing figures (the running tax aggregates, one Query) say the tax profile is
 * missing: large company, intra-EU operations and the monthly 349, modelo 347 counterparties
 * (model/threshold-alerts.ts). TAX_021 without a profile. Answer: `{ year, alerts: ThresholdAlert[] }`,
 * most urgent first.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type ThresholdAlert, YearQuery } from '@shared/schemas/tax';
import { madridToday, yearOf } from '../model/dates';
import { thresholdAlerts } from '../model/threshold-alerts';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';
import { readThresholdStatistics } from '../store/thresholds';

export interface ThresholdAlertsAnswer {
  year: number;
  alerts: ThresholdAlert[];
}

/** The threshold alerts of `year` for a company whose profile facts are `facts` (no profile check). */
export async function yearThresholdAlerts(
  deps: TaxDeps,
  companyId: string,
  facts: Parameters<typeof thresholdAlerts>[1],
  year: number,
): Promise<ThresholdAlert[]> {
  return thresholdAlerts(await readThresholdStatistics(deps, companyId, year), facts);
}

export async function getThresholdAlerts(
  input: { companyId: string; year: number | undefined },
  deps: TaxDeps,
): Promise<ThresholdAlertsAnswer> {
  const profile = await requireProfile(deps, input.companyId);
  const year = input.year ?? yearOf(madridToday(deps.now()));
  return { year, alerts: await yearThresholdAlerts(deps, input.companyId, profile.facts, year) };
}

export const thresholdAlertsRoute = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    getThresholdAlerts({ companyId: scope.companyId, year: query.year }, deps),
});
