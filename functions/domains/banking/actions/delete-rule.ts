import { defineCompanyAction } from '@functions/platform/http';
import { type DeleteRuleResult, RulePath } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { deleteRule } from '../store/rules';

/** DELETE banking/reconciliation/rules/{ruleId}: the matcher stops applying it (404 when absent). */
export const deleteRuleRoute = defineCompanyAction({
  params: RulePath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<DeleteRuleResult> => {
    await deleteRule(deps, scope.companyId, params.ruleId);
    return { ruleId: params.ruleId, deleted: true };
  },
});
