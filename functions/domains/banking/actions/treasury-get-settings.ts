import { defineCompanyAction } from '@functions/platform/http';
import type { TreasurySettings } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { getTreasurySettings } from '../store/treasury';

/** GET treasury/settings (route to add: `treasury.getSettings`, banking.read): automatic reminders. */
export const treasuryGetSettingsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<TreasurySettings> =>
    getTreasurySettings(deps, scope.companyId),
});
