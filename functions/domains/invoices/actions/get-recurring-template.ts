import { defineCompanyAction } from '@functions/platform/http';
import { type RecurringTemplate, RecurringTemplatePath } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { getTemplate, templateNotFound } from '../store/recurring';

/** Looked up only under the caller's company partition: another company's id is simply absent. */
export async function requireTemplate(
  deps: InvoicesDeps,
  companyId: string,
  templateId: string,
): Promise<RecurringTemplate> {
  const template = await getTemplate(deps, companyId, templateId);
  if (!template) throw templateNotFound();
  return template;
}

export const getRecurringTemplateRoute = defineCompanyAction({
  params: RecurringTemplatePath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return requireTemplate(deps, scope.companyId, params.templateId);
  },
});
