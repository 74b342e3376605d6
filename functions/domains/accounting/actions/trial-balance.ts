import { defineCompanyAction } from '@functions/platform/http';
import { type TrialBalance, TrialBalanceQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readTrialBalance } from '../store/reports';
import { readScope } from './report-scope';

/** GET accounting/trial-balance?fromDate=&toDate=&level=&includeZero=: sumas y saldos of whole months. */
export const trialBalanceRoute = defineCompanyAction({
  query: TrialBalanceQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<TrialBalance> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readTrialBalance(deps, scope.companyId, settings, query);
  },
});
