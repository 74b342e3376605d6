import { defineCompanyAction } from '@functions/platform/http';
import { RecurringTemplatePath } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { deleteTemplate } from '../store/recurring';

/** Stops a template for good; its generation history and the invoices it created remain. */
export const deleteRecurringTemplateRoute = defineCompanyAction({
  params: RecurringTemplatePath,
  run: async ({ scope, params }, deps: InvoicesDeps) => {
    await deleteTemplate(deps, scope.companyId, params.templateId);
    return { templateId: params.templateId, deleted: true };
  },
});
