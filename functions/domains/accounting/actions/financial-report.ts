import { defineCompanyAction } from '@functions/platform/http';
import { type FinancialReport, FinancialReportQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readFinancialReport } from '../store/reports';
import { readScope } from './report-scope';

/** GET accounting/financial-report?year=: revenue, expense, result, ratios and the monthly result. */
export const financialReportRoute = defineCompanyAction({
  query: FinancialReportQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<FinancialReport> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readFinancialReport(deps, scope.companyId, settings, query.year);
  },
});
