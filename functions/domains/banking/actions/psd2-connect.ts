import { defineCompanyAction } from '@functions/platform/http';
import { Psd2ConnectBody, type Psd2ConnectResult } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { actorOf, connect } from '../store/psd2';

/**
 * POST banking/psd2/connections {institutionId, maxHistoricalDays?, accessValidForDays? (≤ 180)}:
 * asks the provider for an agreement and a requisition (redirect back to the PSD2 page with
 * `?connection=<id>`), stores the connection PENDING and answers the bank's consent link.
 */
export const psd2ConnectRoute = defineCompanyAction({
  body: Psd2ConnectBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<Psd2ConnectResult> =>
    connect(deps, scope.companyId, await actorOf(deps, auth, scope.companyId), body),
});
