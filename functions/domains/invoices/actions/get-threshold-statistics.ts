import { defineCompanyAction } from '@functions/platform/http';
import { thresholdStatistics } from '@shared/fiscal/thresholds';
import { ThresholdStatisticsQuery, type ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import type { InvoicesDeps } from '../store/deps';
import { readQuarterlyAggregates } from '../store/tax-aggregates';

/**
 * The yearly figures a gestoría watches, from the aggregates (one Query, never the invoices):
 * turnover against the large-company/SII threshold, modelo 347 counterparties, simplified
 * invoices and intra-EU operations (modelo 349). The rules are in shared/fiscal/thresholds.ts.
 */
export async function getThresholdStatistics(
  deps: InvoicesDeps,
  companyId: string,
  year: string,
): Promise<ThresholdStatisticsView> {
  return thresholdStatistics(year, await readQuarterlyAggregates(deps, companyId, year));
}

export const getThresholdStatisticsRoute = defineCompanyAction({
  query: ThresholdStatisticsQuery,
  run: ({ scope, query }, deps: InvoicesDeps) => {
    return getThresholdStatistics(deps, scope.companyId, query.year);
  },
});
