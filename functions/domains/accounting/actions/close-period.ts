import { defineCompanyAction } from '@functions/platform/http';
import { type FiscalYearStatus, PeriodPath } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { closePeriod } from '../store/periods';
import { readFiscalYear } from '../store/reports';
import { readScope } from './report-scope';

/** POST accounting/periods/{period}/close: closes the month and every month before it; answers its year. */
export const closePeriodRoute = defineCompanyAction({
  params: PeriodPath,
  run: async ({ auth, scope, params }, deps: AccountingDeps): Promise<FiscalYearStatus> => {
    await readScope(deps, auth, scope.companyId);
    const settings = await closePeriod(deps, scope.companyId, params.period);
    return readFiscalYear(deps, scope.companyId, settings, Number(params.period.slice(0, 4)));
  },
});
