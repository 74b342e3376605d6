import { defineCompanyAction } from '@functions/platform/http';
import { type BankAccount, BankAccountPath, UpdateBankAccountBody } from '@shared/schemas/banking';
import { accountView, updateAccount } from '../store/accounts';
import type { BankingDeps } from '../store/deps';

/** PUT banking/accounts/{accountId}: alias, accounting account (subgroup 57) and active. */
export const updateAccountRoute = defineCompanyAction({
  params: BankAccountPath,
  body: UpdateBankAccountBody,
  run: async ({ scope, params, body }, deps: BankingDeps): Promise<BankAccount> =>
    accountView(await updateAccount(deps, scope.companyId, params.accountId, body)),
});
