import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type RecurringSettings, UpdateRecurringSettingsBody } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { putSettings } from '../store/recurring';
import { checkTemplateSeries } from './recurring-template-input';

export async function updateRecurringSettings(
  input: { scope: CompanyScope; body: UpdateRecurringSettingsBody },
  deps: InvoicesDeps,
): Promise<RecurringSettings> {
  const { companyId } = input.scope;
  const defaultSeriesId = input.body.defaultSeriesId ?? null;
  if (defaultSeriesId) await checkTemplateSeries(deps, companyId, defaultSeriesId, 'defaultSeriesId');
  const settings: RecurringSettings = {
    companyId,
    generationMode: input.body.generationMode,
    daysInAdvance: input.body.daysInAdvance,
    notifyOnFailure: input.body.notifyOnFailure,
    defaultSeriesId,
    updatedAt: deps.now().toISOString(),
  };
  await putSettings(deps, settings);
  return settings;
}

export const updateRecurringSettingsRoute = defineCompanyAction({
  body: UpdateRecurringSettingsBody,
  run: ({ scope, body }, deps: InvoicesDeps) => {
    return updateRecurringSettings({ scope, body }, deps);
  },
});
