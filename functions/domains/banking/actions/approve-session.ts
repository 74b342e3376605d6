import { defineCompanyAction } from '@functions/platform/http';
import { type ReconciliationSession, SessionPath } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { actorOf } from '../store/reconciliation';
import { approveSession } from '../store/reconciliation-approval';
import { listedSessionView } from '../store/reconciliation-view';

/**
 * POST …/sessions/{sessionId}/approve (banking.manage): settles the documents, posts the differences
 * and account assignments, marks the movements reconciled (store/reconciliation-approval.ts). Safe
 * to retry: an incomplete approval answers the session with `approvalError` and approving again
 * finishes it; an approved session answers as it is.
 */
export const approveSessionRoute = defineCompanyAction({
  params: SessionPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<ReconciliationSession> =>
    listedSessionView(await approveSession(deps, scope.companyId, params.sessionId, actorOf(auth))),
});
