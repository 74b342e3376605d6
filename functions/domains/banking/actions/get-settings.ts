import { defineCompanyAction } from '@functions/platform/http';
import type { BankingSettings } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { getBankingSettings } from '../store/sepa';

/** GET banking/settings: the creditor identifier (computed from the NIF), default account, reminders. */
export const getSettingsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<BankingSettings> =>
    getBankingSettings(deps, scope.companyId),
});
