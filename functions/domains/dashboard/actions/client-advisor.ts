/**
 * GET /api/v1/client/advisor (`client.advisor`, any member of the selected company): the advisor
 * card of the client portal (spec part 3 §3 Client dashboard data).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { advisorInfo } from '../model/client-advisor';
import { readAdvisorFacts } from '../store/client-advisor';
import type { DashboardDeps } from '../store/deps';

export const clientAdvisorRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: DashboardDeps) => {
    const facts = await readAdvisorFacts(deps, scope.companyId, auth.userId);
    return advisorInfo(facts, { isAdmin: auth.isAdmin, membership: scope.membership }, deps.now());
  },
});
