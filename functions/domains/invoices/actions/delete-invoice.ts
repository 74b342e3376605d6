import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { InvoicePath } from '@shared/schemas/invoices';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, deleteDraft } from '../store/invoices';
import { requireInvoice } from './get-invoice';

/** Only a draft may be deleted: a confirmed invoice has a number that must never go missing. */
export async function deleteInvoice(input: { scope: CompanyScope; invoiceId: string }, deps: InvoicesDeps) {
  const { companyId } = input.scope;
  const current = await requireInvoice(deps, companyId, input.invoiceId);
  if (current.status !== 'DRAFT') throw confirmedIsFinal();
  await deleteDraft(deps, current);
  return { deleted: true, invoiceId: input.invoiceId };
}

export const deleteInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return deleteInvoice({ scope, invoiceId: params.invoiceId }, deps);
  },
});
