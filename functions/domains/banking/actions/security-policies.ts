import { defineCompanyAction } from '@functions/platform/http';
import type { SecurityPolicies } from '@shared/schemas/psd2';
import { securityPolicies } from '../model/feed/security';
import type { BankingDeps } from '../store/deps';
import { securityFactsOf } from '../store/psd2';

/** GET banking/security/policies: each open-banking policy and whether the records meet it now. */
export const securityPoliciesRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<SecurityPolicies> =>
    securityPolicies(await securityFactsOf(deps, scope.companyId)),
});
