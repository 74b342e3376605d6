import { defineCompanyAction } from '@functions/platform/http';
import { type BankingSettings, UpdateBankingSettingsBody } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { updateBankingSettings } from '../store/sepa';

/**
 * PUT banking/settings: the creditor identifier's suffix (AEB 19-14: usually '000'), the default
 * account of payment orders, the overdue reminders switch, the default mandate type. Fields left out
 * keep their value.
 */
export const updateSettingsRoute = defineCompanyAction({
  body: UpdateBankingSettingsBody,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<BankingSettings> =>
    updateBankingSettings(deps, scope.companyId, auth.userId, body),
});
