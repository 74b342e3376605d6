import { defineCompanyAction } from '@functions/platform/http';
import { FiscalYearPath, type YearClosingResult } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { closeYear } from '../store/periods';
import { readScope } from './report-scope';

/**
 * POST accounting/fiscal-years/{year}/close: regularisation, closing and opening entries
 * (store/periods.ts); closing a closed year answers the same result and posts nothing.
 */
export const closeYearRoute = defineCompanyAction({
  params: FiscalYearPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<YearClosingResult> => {
    await readScope(deps, auth, scope.companyId);
    return closeYear(deps, scope.companyId, params.year, auth.userId);
  },
});
