import { defineCompanyAction } from '@functions/platform/http';
import { type BalanceSheet, BalanceSheetQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readBalanceSheet } from '../store/reports';
import { readScope } from './report-scope';

/**
 * GET accounting/balance-sheet?balanceDate=&periodType=&layout=: the balance sheet at the end of the
 * date's month (quarter, year), which `balanceDate` in the answer states, from the month aggregates.
 */
export const balanceSheetRoute = defineCompanyAction({
  query: BalanceSheetQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<BalanceSheet> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readBalanceSheet(deps, scope.companyId, settings, query);
  },
});
