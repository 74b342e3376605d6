import type { CompanyScope } from '@functions/platform/company-scope';
import { defineAction } from '@functions/platform/http';
import { InvoicePath } from '@shared/schemas/invoices';
import { assertCanWrite } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, deleteDraft } from '../store/invoices';
import { requireInvoice } from './get-invoice';

/** Only a draft may be deleted: a confirmed invoice has a number that must never go missing. */
export async function deleteInvoice(input: { scope: CompanyScope; invoiceId: string }, deps: InvoicesDeps) {
  const { companyId } = input.scope;
  const current = await requireInvoice(deps, companyId, input.invoiceId);
  if (current.status !== 'DRAFT') throw confirmedIsFinal();
  await deleteDraft(deps, companyId, input.invoiceId);
  return { deleted: true, invoiceId: input.invoiceId };
}

export const deleteInvoiceRoute = defineAction({
  params: InvoicePath,
  run: ({ auth, scope, params }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    return deleteInvoice({ scope: scope!, invoiceId: params.invoiceId }, deps);
  },
});
