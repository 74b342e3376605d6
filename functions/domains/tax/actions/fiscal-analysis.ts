/**
 * GET /tax/companies/{companyId}/fiscal-analysis?analysisType=BASIC|DETAILED&includeRecommendations=
 * (spec part 2 §3 "Fiscal analysis and health"): the health score and its reasons, the
 * recommendations, the compliance of each model and the metrics, from the obligations of the
 * current and previous tax year and this year's threshold alerts, by the documented rules of
 * shared/fiscal/fiscal-analysis.ts (no invented scores).
 *
 * Without a tax profile: 404 CONFIGURATION_NOT_FOUND (the dashboard shows its welcome card).
 * Answer: `{ companyId, analysisType, fiscalHealth, recommendations, compliance, metrics }`;
 * `includeRecommendations=false` answers `recommendations: []`; DETAILED adds `thresholdAlerts`
 * (the ThresholdAlert[] that `metrics.totalThresholdAlerts` counts), BASIC leaves them out.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { analyseFiscalHealth, type FiscalAnalysis } from '@shared/fiscal/fiscal-analysis';
import { FiscalAnalysisQuery, type ThresholdAlert } from '@shared/schemas/tax';
import type * as z from 'zod';
import { madridToday, yearOf } from '../model/dates';
import type { TaxDeps } from '../store/deps';
import { listYearObligations } from '../store/obligations';
import { getProfile } from '../store/profile';
import { yearThresholdAlerts } from './threshold-alerts';

type Query = z.output<typeof FiscalAnalysisQuery>;

export interface FiscalAnalysisAnswer extends FiscalAnalysis {
  companyId: string;
  analysisType: Query['analysisType'];
  /** DETAILED only. */
  thresholdAlerts?: ThresholdAlert[];
}

export async function fiscalAnalysis(
  input: { companyId: string; query: Query },
  deps: TaxDeps,
): Promise<FiscalAnalysisAnswer> {
  const { companyId, query } = input;
  const profile = await getProfile(deps, companyId);
  if (!profile) throw new AppError('CONFIGURATION_NOT_FOUND');
  const today = madridToday(deps.now());
  const year = yearOf(today);
  const [current, previous, alerts] = await Promise.all([
    listYearObligations(deps, companyId, year),
    listYearObligations(deps, companyId, year - 1),
    yearThresholdAlerts(deps, companyId, profile.facts, year),
  ]);
  const analysis = analyseFiscalHealth({
    today,
    companyType: profile.companyType,
    facts: profile.facts,
    obligations: [...previous, ...current],
    thresholdAlerts: alerts,
  });
  return {
    companyId,
    analysisType: query.analysisType,
    fiscalHealth: analysis.fiscalHealth,
    recommendations: query.includeRecommendations === 'true' ? analysis.recommendations : [],
    compliance: analysis.compliance,
    metrics: analysis.metrics,
    ...(query.analysisType === 'DETAILED' ? { thresholdAlerts: alerts } : {}),
  };
}

export const fiscalAnalysisRoute = defineCompanyAction({
  query: FiscalAnalysisQuery,
  run: ({ scope, query }, deps: TaxDeps) => fiscalAnalysis({ companyId: scope.companyId, query }, deps),
});
