/**
 * GET /api/v1/dashboard/advisor/companies?period=&status=&refresh= (issue 20, spec part 3 §2 "Advisor
 * dashboard", §3 per-company stats): every company of the caller (its active memberships: the
 * companies on its selector) with its stats for the period (DAY, WEEK, MONTH default, QUARTER, YEAR)
 * and its status by the rules of shared/fiscal/company-health.ts, CRITICAL first, then WARNING, then
 * HEALTHY, by name; `status` keeps only one status. Stats are cached 10 minutes per company and
 * period (`refresh=true` recomputes them); a company whose stats fail is CRITICAL with zeros.
 * GESTOR (and ADMIN, who passes every role gate and sees the companies it is a member of).
 */

import { defineUserAction } from '@functions/platform/http';
import { errorFields, type Logger } from '@functions/platform/logger';
import { type AdvisorCompaniesResult, AdvisorQuery } from '@shared/schemas/dashboard';
import { filterByStatus, sortCompanies } from '../model/advisor-stats';
import { type AdvisorStatsHooks, loadAdvisorStats } from '../store/advisor-companies';
import type { DashboardDeps } from '../store/deps';

/** What the advisor actions log when a company fails or the cache cannot be written. */
export const advisorHooks = (log: Logger): AdvisorStatsHooks => ({
  onCompanyFailure: (companyId, error) =>
    log.error('Advisor dashboard: company stats failed', { companyId, ...errorFields(error) }),
  onCacheWriteFailure: (error) => log.warn('Advisor dashboard: cache not written', errorFields(error)),
});

export async function advisorCompanies(
  input: { userId: string; query: AdvisorQuery; log: Logger },
  deps: DashboardDeps,
): Promise<AdvisorCompaniesResult> {
  const { query } = input;
  const result = await loadAdvisorStats(
    deps,
    { userId: input.userId, period: query.period, refresh: query.refresh },
    advisorHooks(input.log),
  );
  const items = sortCompanies(result.companies.map((c) => c.stats));
  return { period: query.period, items: filterByStatus(items, query.status) };
}

export const advisorCompaniesRoute = defineUserAction({
  query: AdvisorQuery,
  run: ({ auth, query, log }, deps: DashboardDeps) =>
    advisorCompanies({ userId: auth.userId, query, log }, deps),
});
