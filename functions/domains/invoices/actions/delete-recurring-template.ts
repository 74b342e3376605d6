import { defineAction } from '@functions/platform/http';
import { RecurringTemplatePath } from '@shared/schemas/recurring-invoices';
import { assertCanWrite } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { deleteTemplate } from '../store/recurring';

/** Stops a template for good; its generation history and the invoices it created remain. */
export const deleteRecurringTemplateRoute = defineAction({
  params: RecurringTemplatePath,
  run: async ({ auth, scope, params }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    await deleteTemplate(deps, scope!.companyId, params.templateId);
    return { templateId: params.templateId, deleted: true };
  },
});
