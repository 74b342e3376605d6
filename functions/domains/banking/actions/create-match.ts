import { defineCompanyAction } from '@functions/platform/http';
import { CreateMatchBody, type ReconciliationMatch, SessionPath } from '@shared/schemas/reconciliation';
import { accountLabel, learnedPattern } from '../model/matching';
import { requireBookableAccounts } from '../store/bookable-accounts';
import type { BankingDeps } from '../store/deps';
import { actorOf, addMatchesWrite, auditItem } from '../store/reconciliation';
import { buildMatch, matchDetail } from '../store/reconciliation-matches';
import { loadSessionContext, matchView } from '../store/reconciliation-view';
import { createRule } from '../store/rules';

/**
 * POST …/sessions/{sessionId}/matches: a match built by hand (one or several movements with one or
 * several documents, payments or accounts, and the difference's reason when the amounts do not
 * square). With `remember` and one movement assigned to one account, the matcher learns a rule
 * (the counterparty's name, else the description's first words -> that account).
 */
export const createMatchRoute = defineCompanyAction({
  params: SessionPath,
  body: CreateMatchBody,
  status: 201,
  run: async ({ auth, scope, params, body }, deps: BankingDeps): Promise<ReconciliationMatch> => {
    await requireBookableAccounts(deps, scope.companyId, [
      ...body.items.flatMap((i) => (i.kind === 'ACCOUNT' && i.accountCode ? [i.accountCode] : [])),
      ...(body.difference?.accountCode ? [body.difference.accountCode] : []),
    ]);
    const ctx = await loadSessionContext(deps, scope.companyId, params.sessionId);
    const actor = actorOf(auth);
    const match = buildMatch(
      deps,
      ctx,
      {
        movementIds: body.movementIds,
        items: body.items,
        difference: body.difference ?? null,
        source: 'MANUAL',
        score: null,
        ruleId: null,
      },
      actor,
    );
    const audits = [
      auditItem(deps, ctx.session, actor, 'MATCH', matchDetail(match), {
        matchId: match.matchId,
        movementIds: match.movementIds,
      }),
    ];
    const accounts = match.items.filter((i) => i.kind === 'ACCOUNT');
    const movement = ctx.movements.find((m) => m.movementId === match.movementIds[0]);
    if (
      body.remember &&
      match.movementIds.length === 1 &&
      accounts.length === 1 &&
      accounts.length === match.items.length &&
      movement
    ) {
      const learned = learnedPattern(movement);
      if (learned) {
        const code = accounts[0]!.accountCode!;
        const rule = await createRule(
          deps,
          scope.companyId,
          {
            pattern: learned.pattern,
            field: learned.field,
            direction: match.direction,
            accountCode: code,
            label: accountLabel(code).split(' · ')[1]!,
          },
          actor,
          'LEARNED',
        );
        match.learnedRuleId = rule.ruleId;
        audits.push(
          auditItem(deps, ctx.session, actor, 'RULE', `Regla aprendida: "${rule.pattern}" → ${code}`, {
            matchId: match.matchId,
          }),
        );
      }
    }
    await addMatchesWrite(deps, ctx.session, [match], audits);
    return matchView(match);
  },
});
