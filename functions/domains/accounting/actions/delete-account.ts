import { defineCompanyAction } from '@functions/platform/http';
import { AccountPath } from '@shared/schemas/accounting';
import { deleteSubAccount } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/** DELETE accounting/accounts/{accountId}: a sub-account without entries; PGC accounts are read-only. */
export const deleteAccountRoute = defineCompanyAction({
  params: AccountPath,
  run: async (
    { auth, scope, params },
    deps: AccountingDeps,
  ): Promise<{ accountId: string; deleted: true }> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    await deleteSubAccount(deps, scope.companyId, params.accountId);
    return { accountId: params.accountId, deleted: true };
  },
});
