import { defineCompanyAction } from '@functions/platform/http';
import { Psd2ConnectionPath, type Psd2ConnectResult } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { actorOf, renew } from '../store/psd2';

/**
 * POST banking/psd2/connections/{connectionId}/renew: a new consent for the same bank (its link);
 * the running one keeps syncing until the bank grants the new one (completed like a connection).
 */
export const psd2RenewRoute = defineCompanyAction({
  params: Psd2ConnectionPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<Psd2ConnectResult> =>
    renew(deps, scope.companyId, params.connectionId, await actorOf(deps, auth, scope.companyId)),
});
