import { defineAction } from '@functions/platform/http';
import type { RecurringSettings } from '@shared/schemas/recurring-invoices';
import { assertCanRead } from '../model/permissions';
import { defaultSettings } from '../model/recurring-template';
import type { InvoicesDeps } from '../store/deps';
import { getSettingsItem } from '../store/recurring';

/** The company's recurring-invoice settings, or the defaults (drafts, on the day) when never saved. */
export async function recurringSettingsOf(deps: InvoicesDeps, companyId: string): Promise<RecurringSettings> {
  return (await getSettingsItem(deps, companyId)) ?? defaultSettings(companyId);
}

export const getRecurringSettingsRoute = defineAction({
  run: ({ auth, scope }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    return recurringSettingsOf(deps, scope!.companyId);
  },
});
