import { defineCompanyAction } from '@functions/platform/http';
import { FiscalYearPath, type FiscalYearStatus } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { reopenYear } from '../store/periods';
import { readFiscalYear } from '../store/reports';
import { readScope } from './report-scope';

/** POST accounting/fiscal-years/{year}/reopen: the last closed year only; its year-end entries are deleted. */
export const reopenYearRoute = defineCompanyAction({
  params: FiscalYearPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<FiscalYearStatus> => {
    await readScope(deps, auth, scope.companyId);
    const settings = await reopenYear(deps, scope.companyId, params.year);
    return readFiscalYear(deps, scope.companyId, settings, params.year);
  },
});
