import { defineCompanyAction } from '@functions/platform/http';
import { type BalanceValidation, ValidateBalanceQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { validateBalance } from '../store/reports';
import { readScope } from './report-scope';

/**
 * GET accounting/validate-balance?balanceDate=: debits equal credits up to the end of the date's
 * month, and that month's aggregates equal what its entries add up to.
 */
export const validateBalanceRoute = defineCompanyAction({
  query: ValidateBalanceQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<BalanceValidation> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return validateBalance(deps, scope.companyId, settings, query.balanceDate);
  },
});
