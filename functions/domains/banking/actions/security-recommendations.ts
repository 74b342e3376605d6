import { defineCompanyAction } from '@functions/platform/http';
import type { SecurityRecommendations } from '@shared/schemas/psd2';
import { securityRecommendations } from '../model/feed/security';
import type { BankingDeps } from '../store/deps';
import { securityFactsOf } from '../store/psd2';

/** GET banking/security/recommendations: what to do, by severity, from the consents and syncs. */
export const securityRecommendationsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<SecurityRecommendations> =>
    securityRecommendations(await securityFactsOf(deps, scope.companyId)),
});
