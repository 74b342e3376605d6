import { defineCompanyAction } from '@functions/platform/http';
import { InitializeChartBody, type InitializeChartResult } from '@shared/schemas/accounting';
import { initializeChart } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/**
 * POST accounting/chart/initialize: the PGC chart (PYMES by default, NORMAL when asked) and the
 * settings, then the backfill of the documents already stored. Initialising twice changes nothing.
 */
export const initializeChartRoute = defineCompanyAction({
  body: InitializeChartBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps): Promise<InitializeChartResult> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    const { settings: _settings, ...result } = await initializeChart(deps, scope.companyId, body.chartType);
    return result;
  },
});
