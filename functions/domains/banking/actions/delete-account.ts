import { defineCompanyAction } from '@functions/platform/http';
import { BankAccountPath } from '@shared/schemas/banking';
import { deleteAccount } from '../store/accounts';
import type { BankingDeps } from '../store/deps';

/**
 * DELETE banking/accounts/{accountId}: only an account without movements (BANK_CONFLICT otherwise:
 * its movements are in the books and in reconciliation; deactivate it instead). Frees its IBAN.
 */
export const deleteAccountRoute = defineCompanyAction({
  params: BankAccountPath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<{ deleted: true }> => {
    await deleteAccount(deps, scope.companyId, params.accountId);
    return { deleted: true };
  },
});
