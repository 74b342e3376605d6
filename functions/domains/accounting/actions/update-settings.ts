import { defineCompanyAction } from '@functions/platform/http';
import { type AccountingSettings, UpdateSettingsBody } from '@shared/schemas/accounting';
import { updateAccountingSettings } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/**
 * PUT accounting/settings: the accounts each document goes to (revenue, expense, bank, cash, per
 * expense category and per supplier). Every code must be an account of the chart accepting entries.
 * Documents posted before keep their entries; the change applies from the next posting.
 */
export const updateSettingsRoute = defineCompanyAction({
  body: UpdateSettingsBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps): Promise<AccountingSettings> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    return updateAccountingSettings(deps, scope.companyId, body);
  },
});
