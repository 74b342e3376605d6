import { defineCompanyAction } from '@functions/platform/http';
import { type Mandate, MandatePath } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { revokeMandate } from '../store/sepa';

/** DELETE banking/mandates/{mandateId}: revokes it (kept for the record; no new collection uses it). */
export const revokeMandateRoute = defineCompanyAction({
  params: MandatePath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<Mandate> =>
    revokeMandate(deps, scope.companyId, auth.userId, params.mandateId),
});
