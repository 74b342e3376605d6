/**
 * GET admin/gemini-metrics/precision?fromDate&toDate (ADMIN): per field, precision and recall of the
 * readers against the approved reviews (the corrected reading is the truth: model/accuracy.ts).
 */

import { defineUserAction } from '@functions/platform/http';
import { AdminMetricsQuery, type PrecisionReport } from '@shared/schemas/ai-metrics';
import { precisionByField } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { adminReadings } from './ai-metrics-global';

export const aiMetricsPrecisionRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: async ({ query }, deps: DocumentsDeps): Promise<PrecisionReport> => {
    const { readings, ...coverage } = await adminReadings(deps, query);
    const approved = readings.flatMap((r) =>
      r.review.status === 'APPROVED' && r.extraction
        ? [{ read: r.extraction, corrections: r.reviewCorrections ?? undefined }]
        : [],
    );
    return { ...coverage, reviews: approved.length, byField: precisionByField(approved) };
  },
});
