import { defineCompanyAction } from '@functions/platform/http';
import type { TreasuryDashboard } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { dashboard } from '../store/treasury-views';

/** GET treasury/dashboard: cash in the banks, receivables and payables, what is due, DSO, the forecast. */
export const treasuryDashboardRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<TreasuryDashboard> => dashboard(deps, scope.companyId),
});
