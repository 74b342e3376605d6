import { defineCompanyAction } from '@functions/platform/http';
import { Psd2ConnectionPath, type Psd2SyncResult } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { actorOf, requireConnection, syncConnection } from '../store/psd2';

/**
 * POST banking/psd2/connections/{connectionId}/sync: balances and booked movements now, on the
 * user's request (RTS art. 36(5)(a): not counted in the unattended-access limit). A 429 of the bank
 * answers BANK_PROVIDER_UNAVAILABLE with `retryAfterSeconds`; an expired consent BANK_CONSENT_EXPIRED.
 */
export const psd2SyncRoute = defineCompanyAction({
  params: Psd2ConnectionPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<Psd2SyncResult> => {
    const item = await requireConnection(deps, scope.companyId, params.connectionId);
    const actor = await actorOf(deps, auth, scope.companyId);
    return (await syncConnection(deps, item, { trigger: 'MANUAL', actor })).result;
  },
});
