import { defineCompanyAction } from '@functions/platform/http';
import { type Psd2Connection, Psd2ConnectionPath } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { actorOf, revoke } from '../store/psd2';

/**
 * DELETE banking/psd2/connections/{connectionId}: the requisition is deleted at the provider (access
 * ends), the sealed session is erased and the connection kept as REVOKED for the audit trail; the
 * bank accounts and their movements stay.
 */
export const psd2RevokeRoute = defineCompanyAction({
  params: Psd2ConnectionPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<Psd2Connection> =>
    revoke(deps, scope.companyId, params.connectionId, await actorOf(deps, auth, scope.companyId)),
});
