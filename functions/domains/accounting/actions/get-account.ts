import { defineCompanyAction } from '@functions/platform/http';
import { type Account, AccountPath } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';
import { requireAccount } from '../store/reports';

/** GET accounting/accounts/{accountId}: one account (its code is its id); 404 when absent. */
export const getAccountRoute = defineCompanyAction({
  params: AccountPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<Account> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    return requireAccount(deps, scope.companyId, params.accountId);
  },
});
