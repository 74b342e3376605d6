import { defineCompanyAction } from '@functions/platform/http';
import { type SessionDetail, SessionPath } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { loadSessionContext, sessionDetail } from '../store/reconciliation-view';

/**
 * GET banking/reconciliation/sessions/{sessionId}: the session, its movements (each with its state,
 * its best proposal and alternatives, computed now and deterministic), its matches and its audit.
 */
export const getSessionRoute = defineCompanyAction({
  params: SessionPath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<SessionDetail> =>
    sessionDetail(deps, await loadSessionContext(deps, scope.companyId, params.sessionId)),
});
