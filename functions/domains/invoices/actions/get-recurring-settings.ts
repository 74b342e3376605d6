import { defineCompanyAction } from '@functions/platform/http';
import type { RecurringSettings } from '@shared/schemas/recurring-invoices';
import { defaultSettings } from '../model/recurring-template';
import type { InvoicesDeps } from '../store/deps';
import { getSettingsItem } from '../store/recurring';

/** The company's recurring-invoice settings, or the defaults (drafts, on the day) when never saved. */
export async function recurringSettingsOf(deps: InvoicesDeps, companyId: string): Promise<RecurringSettings> {
  return (await getSettingsItem(deps, companyId)) ?? defaultSettings(companyId);
}

export const getRecurringSettingsRoute = defineCompanyAction({
  run: ({ scope }, deps: InvoicesDeps) => {
    return recurringSettingsOf(deps, scope.companyId);
  },
});
