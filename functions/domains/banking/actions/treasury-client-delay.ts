import { defineCompanyAction } from '@functions/platform/http';
import type { ClientDelayReport } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { clientDelay } from '../store/treasury-views';

/** GET treasury/client-delay: per customer, the amount-weighted average delay and what is overdue. */
export const treasuryClientDelayRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<ClientDelayReport> => clientDelay(deps, scope.companyId),
});
