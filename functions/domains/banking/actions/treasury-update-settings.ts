import { defineCompanyAction } from '@functions/platform/http';
import { type TreasurySettings, TreasurySettingsBody } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { updateTreasurySettings } from '../store/treasury';

/** PUT treasury/settings (route to add: `treasury.updateSettings`, banking.manage): turn reminders on or off. */
export const treasuryUpdateSettingsRoute = defineCompanyAction({
  body: TreasurySettingsBody,
  run: async ({ scope, body }, deps: BankingDeps): Promise<TreasurySettings> =>
    updateTreasurySettings(deps, scope.companyId, body),
});
