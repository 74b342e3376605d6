import { defineCompanyAction } from '@functions/platform/http';
import { type IncomeStatement, IncomeStatementQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readIncomeStatement } from '../store/reports';
import { readScope } from './report-scope';

/** GET accounting/income-statement?fromDate=&toDate=&layout=: the P&L of the whole months of the period. */
export const incomeStatementRoute = defineCompanyAction({
  query: IncomeStatementQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<IncomeStatement> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readIncomeStatement(deps, scope.companyId, settings, query);
  },
});
