import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import {
  type RecurringTemplate,
  RecurringTemplatePath,
  UpdateRecurringTemplateBody,
} from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { replaceTemplate } from '../store/recurring';
import { requireTemplate } from './get-recurring-template';
import { prepareTemplate } from './recurring-template-input';

/**
 * Replaces a template. Its generations stay: the next occurrence is recomputed from the new
 * schedule after the last generated one (the history and the invoices already issued are kept).
 */
export async function updateRecurringTemplate(
  input: { scope: CompanyScope; templateId: string; body: UpdateRecurringTemplateBody },
  deps: InvoicesDeps,
): Promise<RecurringTemplate> {
  const current = await requireTemplate(deps, input.scope.companyId, input.templateId);
  const isActive = input.body.isActive ?? current.isActive;
  const prepared = await prepareTemplate(
    deps,
    current.companyId,
    { ...input.body, isActive },
    current.lastOccurrenceDate,
  );
  const next: RecurringTemplate = {
    ...current,
    ...prepared.content,
    customerName: prepared.customer.name,
    isActive,
    nextRunDate: prepared.nextRunDate,
    totals: prepared.totals,
    updatedAt: deps.now().toISOString(),
  };
  await replaceTemplate(deps, current, next);
  return next;
}

export const updateRecurringTemplateRoute = defineCompanyAction({
  params: RecurringTemplatePath,
  body: UpdateRecurringTemplateBody,
  run: ({ scope, params, body }, deps: InvoicesDeps) => {
    return updateRecurringTemplate({ scope, templateId: params.templateId, body }, deps);
  },
});
