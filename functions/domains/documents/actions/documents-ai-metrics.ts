/**
 * GET documents/ai-metrics?fromDate&toDate (issue 17 item 6; the company's staff): how its documents
 * were read in the period (documents, pages, engines, time, cost per page by engine) and how right
 * the readings were, from the advisors' reviews (per field, per source, per engine).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type CompanyReadingMetrics, MetricsPeriodQuery } from '@shared/schemas/ai-metrics';
import { accuracyReport, metricsWindow, reviewsOf, usageReport } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { companyReadings } from '../store/metrics';

export async function companyReadingMetrics(
  input: { companyId: string; query: MetricsPeriodQuery },
  deps: DocumentsDeps,
): Promise<CompanyReadingMetrics> {
  const w = metricsWindow(input.query, deps.now());
  const docs = await companyReadings(deps, input.companyId, w);
  return {
    companyId: input.companyId,
    fromDate: w.fromDate,
    toDate: w.toDate,
    usage: usageReport(docs),
    accuracy: accuracyReport(reviewsOf(docs)),
  };
}

export const documentsAiMetricsRoute = defineCompanyAction({
  query: MetricsPeriodQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    companyReadingMetrics({ companyId: scope.companyId, query }, deps),
});
