import { defineCompanyAction } from '@functions/platform/http';
import { CreateRuleBody, type ReconciliationRule } from '@shared/schemas/reconciliation';
import { requireBookableAccounts } from '../store/bookable-accounts';
import type { BankingDeps } from '../store/deps';
import { actorOf } from '../store/reconciliation';
import { createRule, ruleView } from '../store/rules';

/** POST banking/reconciliation/rules: a rule by hand (the same pattern, field and direction twice: CORE_004). */
export const createRuleRoute = defineCompanyAction({
  body: CreateRuleBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<ReconciliationRule> => {
    await requireBookableAccounts(deps, scope.companyId, [body.accountCode]);
    return ruleView(await createRule(deps, scope.companyId, body, actorOf(auth), 'MANUAL'));
  },
});
