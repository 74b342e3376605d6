import { defineCompanyAction } from '@functions/platform/http';
import type { SecurityOverview } from '@shared/schemas/psd2';
import { securityOverview } from '../model/feed/security';
import type { BankingDeps } from '../store/deps';
import { securityFactsOf } from '../store/psd2';

/** GET banking/security: the counts behind the four security pages, from the stored records. */
export const securityOverviewRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<SecurityOverview> =>
    securityOverview(await securityFactsOf(deps, scope.companyId)),
});
