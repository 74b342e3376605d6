import { defineCompanyAction } from '@functions/platform/http';
import type { AccountingSettings } from '@shared/schemas/accounting';
import { requireSettings } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/** GET accounting/settings: which account each document goes to, and what is closed. */
export const getSettingsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<AccountingSettings> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    return requireSettings(deps, scope.companyId);
  },
});
