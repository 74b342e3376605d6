import { defineCompanyAction } from '@functions/platform/http';
import { type Account, AccountPath, UpdateAccountBody } from '@shared/schemas/accounting';
import { accountHasEntries, accountView, updateSubAccount } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/** PUT accounting/accounts/{accountId}: a sub-account's name and active flag; PGC accounts are read-only. */
export const updateAccountRoute = defineCompanyAction({
  params: AccountPath,
  body: UpdateAccountBody,
  run: async ({ auth, scope, params, body }, deps: AccountingDeps): Promise<Account> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    const account = await updateSubAccount(deps, scope.companyId, params.accountId, body);
    return accountView(account, await accountHasEntries(deps, scope.companyId, account.accountCode));
  },
});
