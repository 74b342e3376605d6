/**
 * GET admin/gemini-metrics/cache?fromDate&toDate (ADMIN): readings of bytes a company had already
 * had read (same SHA-256: a file uploaded twice, a reprocess, a mail delivered again), which the
 * stored reading serves: how many, and the pages and cost they save.
 */

import { defineUserAction } from '@functions/platform/http';
import { AdminMetricsQuery, type CacheReport } from '@shared/schemas/ai-metrics';
import { cacheHits, costOfPages, round4, wasRead } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { adminReadings } from './ai-metrics-global';

export const aiMetricsCacheRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: async ({ query }, deps: DocumentsDeps): Promise<CacheReport> => {
    const { readings, ...coverage } = await adminReadings(deps, query);
    const read = readings.filter(wasRead);
    const { hits } = cacheHits(read);
    return {
      ...coverage,
      documents: read.length,
      hits: hits.length,
      hitRate: read.length === 0 ? null : round4(hits.length / read.length),
      pagesSaved: hits.reduce((n, h) => n + (h.pages ?? 1), 0),
      costSavedMillicents: hits.reduce((n, h) => n + (h.engine ? costOfPages(h.engine, h.pages ?? 1) : 0), 0),
    };
  },
});
