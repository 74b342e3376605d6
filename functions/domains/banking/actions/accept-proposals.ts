import { defineCompanyAction } from '@functions/platform/http';
import { isAppError } from '@shared/api/errors';
import {
  AcceptProposalsBody,
  type AcceptProposalsResult,
  reconciliationMessages,
  SessionPath,
} from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { actorOf, addMatchesWrite, auditItem, type MatchItem } from '../store/reconciliation';
import { buildMatch, matchDetail } from '../store/reconciliation-matches';
import { loadSessionContext, matchView, proposalsOf } from '../store/reconciliation-view';

/** Matches per transaction: the session's update + (match + audit) × 45 stays under DynamoDB's 100 items. */
const PER_TRANSACTION = 45;

/**
 * POST …/sessions/{sessionId}/accept {movementIds}: accepts the current best proposal of each
 * movement (the UI's "accept ≥ 80 with one key" sends those ids); the proposals are computed again
 * from the current state, as the session view shows them. A movement without a proposal, or whose
 * proposal uses what an earlier one of the same request took, is skipped with its reason.
 */
export const acceptProposalsRoute = defineCompanyAction({
  params: SessionPath,
  body: AcceptProposalsBody,
  run: async ({ auth, scope, params, body }, deps: BankingDeps): Promise<AcceptProposalsResult> => {
    const ctx = await loadSessionContext(deps, scope.companyId, params.sessionId);
    const proposals = proposalsOf(ctx);
    const actor = actorOf(auth);
    const taken = { movements: new Set<string>(), documents: new Set<string>(), payments: new Set<string>() };
    const matches: MatchItem[] = [];
    const skipped: AcceptProposalsResult['skipped'] = [];
    for (const movementId of new Set(body.movementIds)) {
      if (taken.movements.has(movementId)) continue; // accepted with another movement's proposal
      const p = proposals.get(movementId)?.proposal;
      if (!p) {
        skipped.push({ movementId, reason: reconciliationMessages.noProposal });
        continue;
      }
      try {
        matches.push(
          buildMatch(
            deps,
            ctx,
            {
              movementIds: p.movementIds,
              items: p.items.map((i) => ({
                kind: i.kind,
                ...(i.documentId ? { documentId: i.documentId } : {}),
                ...(i.documentKind && i.kind === 'PAYMENT' ? { documentKind: i.documentKind } : {}),
                ...(i.paymentId ? { paymentId: i.paymentId } : {}),
                ...(i.accountCode ? { accountCode: i.accountCode } : {}),
                amountCents: i.amountCents,
              })),
              difference: p.difference
                ? {
                    reason: p.difference.reason,
                    ...(p.difference.accountCode ? { accountCode: p.difference.accountCode } : {}),
                  }
                : null,
              source: 'PROPOSAL',
              score: p.score,
              ruleId: p.ruleId,
            },
            actor,
            taken,
          ),
        );
      } catch (e) {
        if (!isAppError(e)) throw e;
        skipped.push({ movementId, reason: e.message });
      }
    }
    let session = ctx.session;
    for (let i = 0; i < matches.length; i += PER_TRANSACTION) {
      const chunk = matches.slice(i, i + PER_TRANSACTION);
      await addMatchesWrite(
        deps,
        session,
        chunk,
        chunk.map((m) =>
          auditItem(deps, session, actor, 'ACCEPT', `${matchDetail(m)} (puntuación ${m.score})`, {
            matchId: m.matchId,
            movementIds: m.movementIds,
          }),
        ),
      );
      session = { ...session, revision: session.revision + 1 };
    }
    return { matches: matches.map(matchView), skipped };
  },
});
