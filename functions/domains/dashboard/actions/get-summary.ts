/**
 * GET /api/v1/dashboard/summary (`dashboard.summary`, any member of the selected company): the
 * company dashboard's summary — month, tax, financial, accounting, alerts, activity — each section
 * from aggregates, counters and bounded index reads, narrowed to what the caller's policies allow,
 * with the last good snapshot of a section served when its source fails (store/summary-build.ts).
 * `refresh=true` recomputes every section now.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type DashboardSummary, DashboardSummaryQuery } from '@shared/schemas/dashboard';
import type { DashboardDeps } from '../store/deps';
import { buildSummary } from '../store/summary-build';

export const getSummaryRoute = defineCompanyAction({
  query: DashboardSummaryQuery,
  run: ({ auth, scope, query, log }, deps: DashboardDeps): Promise<DashboardSummary> =>
    buildSummary(deps, {
      companyId: scope.companyId,
      userId: auth.userId,
      who: { isAdmin: auth.isAdmin, membership: scope.membership },
      refresh: query.refresh,
      log,
    }),
});
