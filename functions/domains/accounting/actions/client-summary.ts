import { defineCompanyAction } from '@functions/platform/http';
import type { ClientAccountingSummary } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readBalanceSheet, readIncomeStatement } from '../store/reports';
import { readScope } from './report-scope';

/**
 * GET accounting/my-accounting: the balance sheet at the end of the current month and the P&L of the
 * year so far, read-only (a CLIENTE reaches it with VIEW_ACCOUNTING_DATA: policy `accounting.read`).
 */
export const clientSummaryRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<ClientAccountingSummary> => {
    const settings = await readScope(deps, auth, scope.companyId);
    const [balanceSheet, incomeStatement] = await Promise.all([
      readBalanceSheet(deps, scope.companyId, settings, { periodType: 'MONTHLY', layout: 'ABREVIADO' }),
      readIncomeStatement(deps, scope.companyId, settings, { layout: 'ABREVIADO' }),
    ]);
    return { companyId: scope.companyId, balanceSheet, incomeStatement };
  },
});
