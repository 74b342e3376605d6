import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { CreateRecurringTemplateBody, type RecurringTemplate } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { putNewTemplate } from '../store/recurring';
import { prepareTemplate } from './recurring-template-input';

export async function createRecurringTemplate(
  input: { scope: CompanyScope; body: CreateRecurringTemplateBody },
  deps: InvoicesDeps,
): Promise<RecurringTemplate> {
  const { companyId } = input.scope;
  const prepared = await prepareTemplate(deps, companyId, input.body, null);
  const now = deps.now().toISOString();
  const template: RecurringTemplate = {
    templateId: deps.newId(),
    companyId,
    ...prepared.content,
    customerName: prepared.customer.name,
    isActive: input.body.isActive,
    nextRunDate: prepared.nextRunDate,
    lastOccurrenceDate: null,
    generatedCount: 0,
    totals: prepared.totals,
    createdAt: now,
    updatedAt: now,
  };
  await putNewTemplate(deps, template);
  return template;
}

export const createRecurringTemplateRoute = defineCompanyAction({
  body: CreateRecurringTemplateBody,
  status: 201,
  run: ({ scope, body }, deps: InvoicesDeps) => {
    return createRecurringTemplate({ scope, body }, deps);
  },
});
