import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type DeleteMatchResult, MatchPath, reconciliationMessages } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import {
  actorOf,
  auditItem,
  conflict,
  deleteMatchWrite,
  listMatches,
  requireSession,
} from '../store/reconciliation';
import { matchDetail } from '../store/reconciliation-matches';

/** DELETE …/sessions/{sessionId}/matches/{matchId}: undoes a match of a session in progress (audited). */
export const deleteMatchRoute = defineCompanyAction({
  params: MatchPath,
  run: async ({ auth, scope, params }, deps: BankingDeps): Promise<DeleteMatchResult> => {
    const session = await requireSession(deps, scope.companyId, params.sessionId);
    if (session.status !== 'IN_PROGRESS') throw conflict(reconciliationMessages.notInProgress);
    const match = (await listMatches(deps, scope.companyId, params.sessionId)).find(
      (m) => m.matchId === params.matchId,
    );
    if (!match) throw new AppError('CORE_006', reconciliationMessages.matchNotFound);
    await deleteMatchWrite(
      deps,
      session,
      match,
      auditItem(deps, session, actorOf(auth), 'UNMATCH', matchDetail(match), {
        matchId: match.matchId,
        movementIds: match.movementIds,
      }),
    );
    return { matchId: match.matchId, deleted: true };
  },
});
