import { defineCompanyAction } from '@functions/platform/http';
import type { SecurityMetrics } from '@shared/schemas/psd2';
import { securityMetrics } from '../model/feed/security';
import type { BankingDeps } from '../store/deps';
import { securityFactsOf } from '../store/psd2';

/** GET banking/security/metrics: connections by status, sync outcomes of the last 30 days, sync ages. */
export const securityMetricsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<SecurityMetrics> =>
    securityMetrics(await securityFactsOf(deps, scope.companyId)),
});
