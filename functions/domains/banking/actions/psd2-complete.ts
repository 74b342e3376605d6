import { defineCompanyAction } from '@functions/platform/http';
import { type Psd2CompleteResult, Psd2ConnectionPath } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { actorOf, complete } from '../store/psd2';

/**
 * POST banking/psd2/connections/{connectionId}/complete: the user is back from the bank. Linked:
 * the accounts are claimed by IBAN and synced at once; rejected or expired: the connection ends.
 * Calling it again once resolved answers the connection as it is.
 */
export const psd2CompleteRoute = defineCompanyAction({
  params: Psd2ConnectionPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<Psd2CompleteResult> =>
    complete(deps, scope.companyId, params.connectionId, await actorOf(deps, auth, scope.companyId)),
});
