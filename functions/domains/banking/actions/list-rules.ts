import { defineCompanyAction } from '@functions/platform/http';
import type { ReconciliationRule } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { listRules, ruleView } from '../store/rules';

/** GET banking/reconciliation/rules: the rules the matcher applies, oldest first. */
export const listRulesRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<ReconciliationRule[]> =>
    (await listRules(deps, scope.companyId)).map(ruleView),
});
