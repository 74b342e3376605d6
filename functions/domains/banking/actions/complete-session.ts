import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  CompleteSessionBody,
  type ReconciliationSession,
  reconciliationMessages,
  SessionPath,
} from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import {
  actorOf,
  auditItem,
  conflict,
  listMatches,
  requireSession,
  updateSessionWrite,
} from '../store/reconciliation';
import { listedSessionView, matchedMovementIds } from '../store/reconciliation-view';

/**
 * POST …/sessions/{sessionId}/complete {leaveUnmatched?}: the session is done and waits for approval.
 * Decision (issue 19): every movement must be matched, or the user says so explicitly with
 * `leaveUnmatched: true`: the unmatched ones are then recorded as LEFT (still unreconciled on the
 * account, they come again in a later session). Unaccepted proposals count as unmatched.
 */
export const completeSessionRoute = defineCompanyAction({
  params: SessionPath,
  body: CompleteSessionBody,
  run: async ({ auth, scope, params, body }, deps: BankingDeps): Promise<ReconciliationSession> => {
    const session = await requireSession(deps, scope.companyId, params.sessionId);
    if (session.status !== 'IN_PROGRESS') throw conflict(reconciliationMessages.notInProgress);
    const matched = matchedMovementIds(await listMatches(deps, scope.companyId, session.sessionId));
    const left = session.movementIds.filter((id) => !matched.has(id));
    if (left.length > 0 && !body.leaveUnmatched) {
      throw new AppError('CORE_004', reconciliationMessages.unmatchedLeft(left.length), {
        field: 'leaveUnmatched',
      });
    }
    const actor = actorOf(auth);
    const next = await updateSessionWrite(
      deps,
      session,
      {
        status: 'COMPLETED',
        completedAt: deps.now().toISOString(),
        completedBy: actor,
        leftMovementIds: left,
      },
      auditItem(
        deps,
        session,
        actor,
        'COMPLETE',
        `${matched.size} movimientos conciliados${left.length ? `, ${left.length} pendientes para otra sesión` : ''}`,
        { movementIds: left },
      ),
    );
    return listedSessionView(next);
  },
});
