import { defineCompanyAction } from '@functions/platform/http';
import { FiscalYearPath, type FiscalYearStatus } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readFiscalYear } from '../store/reports';
import { readScope } from './report-scope';

/** GET accounting/fiscal-years/{year}: its twelve periods (open or closed, entries, debit), closed or not, result. */
export const fiscalYearRoute = defineCompanyAction({
  params: FiscalYearPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<FiscalYearStatus> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readFiscalYear(deps, scope.companyId, settings, params.year);
  },
});
