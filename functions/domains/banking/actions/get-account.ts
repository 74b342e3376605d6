import { defineCompanyAction } from '@functions/platform/http';
import { type BankAccount, BankAccountPath } from '@shared/schemas/banking';
import { accountView, requireAccountItem } from '../store/accounts';
import type { BankingDeps } from '../store/deps';

/** GET banking/accounts/{accountId}: one account; 404 when the company has no such account. */
export const getAccountRoute = defineCompanyAction({
  params: BankAccountPath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<BankAccount> =>
    accountView(await requireAccountItem(deps, scope.companyId, params.accountId)),
});
