import { defineCompanyAction } from '@functions/platform/http';
import {
  CancelSessionBody,
  type ReconciliationSession,
  reconciliationMessages,
  SessionPath,
} from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { actorOf, auditItem, conflict, requireSession, updateSessionWrite } from '../store/reconciliation';
import { listedSessionView } from '../store/reconciliation-view';

/**
 * POST …/sessions/{sessionId}/cancel {reason?}: drops a session in progress or completed: its
 * matches are kept for the record but nothing is settled, and its movements are free for another
 * session (they were never marked). An approved session cannot be cancelled.
 */
export const cancelSessionRoute = defineCompanyAction({
  params: SessionPath,
  body: CancelSessionBody,
  run: async ({ auth, scope, params, body }, deps: BankingDeps): Promise<ReconciliationSession> => {
    const session = await requireSession(deps, scope.companyId, params.sessionId);
    if (session.status === 'APPROVED') throw conflict(reconciliationMessages.alreadyApproved);
    if (session.status === 'CANCELLED') throw conflict(reconciliationMessages.cancelled);
    const actor = actorOf(auth);
    const next = await updateSessionWrite(
      deps,
      session,
      {
        status: 'CANCELLED',
        cancelledAt: deps.now().toISOString(),
        cancelledBy: actor,
        cancelReason: body.reason ?? null,
      },
      auditItem(deps, session, actor, 'CANCEL', body.reason ? `Cancelada: ${body.reason}` : 'Cancelada'),
      { releaseOpen: true },
    );
    return listedSessionView(next);
  },
});
