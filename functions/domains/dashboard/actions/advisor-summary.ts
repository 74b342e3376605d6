/**
 * GET /api/v1/dashboard/advisor/summary?period=&refresh= (issue 20, spec part 3 §3 "Advisor
 * summary"): the caller's companies summed over the same per-company stats as advisor/companies
 * (and the same 10-minute cache): companies and clients, counts by status, documents and revenue of
 * the period, the average compliance score, pending tasks with the 10 most urgent, the 10 latest
 * events, and how the answer was made (`meta`: companies, from cache, computed, failed, items read).
 * The `status` filter does not narrow the summary (its counts by status are the point of it).
 */

import { defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AdvisorQuery, type AdvisorSummary } from '@shared/schemas/dashboard';
import { summarize } from '../model/advisor-stats';
import { loadAdvisorStats } from '../store/advisor-companies';
import type { DashboardDeps } from '../store/deps';
import { advisorHooks } from './advisor-companies';

export async function advisorSummary(
  input: { userId: string; query: AdvisorQuery; log: Logger },
  deps: DashboardDeps,
): Promise<AdvisorSummary> {
  const { query } = input;
  const result = await loadAdvisorStats(
    deps,
    { userId: input.userId, period: query.period, refresh: query.refresh },
    advisorHooks(input.log),
  );
  return summarize(query.period, result.companies, {
    generatedAt: deps.now().toISOString(),
    fromCache: result.fromCache,
    computed: result.computed,
    itemsRead: result.itemsRead,
  });
}

export const advisorSummaryRoute = defineUserAction({
  query: AdvisorQuery,
  run: ({ auth, query, log }, deps: DashboardDeps) =>
    advisorSummary({ userId: auth.userId, query, log }, deps),
});
