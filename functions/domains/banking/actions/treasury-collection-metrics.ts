import { defineCompanyAction } from '@functions/platform/http';
import type { CollectionMetrics } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { metrics } from '../store/treasury-views';

/** GET treasury/collection-metrics: DSO, collected this month, average collection days, paid on time. */
export const treasuryCollectionMetricsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<CollectionMetrics> => metrics(deps, scope.companyId),
});
