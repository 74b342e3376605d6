/**
 * GET admin/gemini-metrics/global?fromDate&toDate&cursor (ADMIN): every company's readings of the
 * period (bounded: see AdminCoverage) — documents, pages, engines, cost, and accuracy from reviews.
 */

import { defineUserAction } from '@functions/platform/http';
import { AdminMetricsQuery, type GlobalReadingMetrics } from '@shared/schemas/ai-metrics';
import { accuracyReport, metricsWindow, type ReadingRecord, reviewsOf, usageReport } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { platformReadings } from '../store/metrics';

/** The period and the readings of one bounded admin call. */
export async function adminReadings(
  deps: DocumentsDeps,
  query: AdminMetricsQuery,
): Promise<{
  fromDate: string;
  toDate: string;
  readings: ReadingRecord[];
  readingsScanned: number;
  nextCursor: string | null;
}> {
  const w = metricsWindow(query, deps.now());
  const { readings, nextCursor } = await platformReadings(deps, {
    fromIso: w.fromIso,
    toIso: w.toIso,
    cursor: query.cursor,
  });
  return { fromDate: w.fromDate, toDate: w.toDate, readings, readingsScanned: readings.length, nextCursor };
}

export async function aiMetricsGlobal(
  query: AdminMetricsQuery,
  deps: DocumentsDeps,
): Promise<GlobalReadingMetrics> {
  const { readings, ...coverage } = await adminReadings(deps, query);
  return {
    ...coverage,
    companiesWithDocuments: new Set(readings.map((r) => r.companyId)).size,
    usage: usageReport(readings),
    accuracy: accuracyReport(reviewsOf(readings)),
  };
}

export const aiMetricsGlobalRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: ({ query }, deps: DocumentsDeps) => aiMetricsGlobal(query, deps),
});
