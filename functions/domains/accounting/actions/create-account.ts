import { defineCompanyAction } from '@functions/platform/http';
import { type Account, CreateAccountBody } from '@shared/schemas/accounting';
import { accountView, createSubAccount, requireSettings } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/**
 * POST accounting/accounts: a sub-account under a PGC account that accepts entries (the spec's
 * client answers 'Funcionalidad no implementada aún'; Cuadra implements it for sub-accounts).
 */
export const createAccountRoute = defineCompanyAction({
  body: CreateAccountBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: AccountingDeps): Promise<Account> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    await requireSettings(deps, scope.companyId);
    return accountView(await createSubAccount(deps, scope.companyId, body), false);
  },
});
