import { defineCompanyAction } from '@functions/platform/http';
import { type BankAccount, BankAccountListQuery } from '@shared/schemas/banking';
import { accountView, listAccountItems } from '../store/accounts';
import type { BankingDeps } from '../store/deps';

/** GET banking/accounts?includeInactive=: the company's bank accounts, by alias (active only by default). */
export const listAccountsRoute = defineCompanyAction({
  query: BankAccountListQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<BankAccount[]> => {
    const accounts = await listAccountItems(deps, scope.companyId);
    return accounts.filter((a) => query.includeInactive || a.active).map(accountView);
  },
});
