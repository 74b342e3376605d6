import { defineCompanyAction } from '@functions/platform/http';
import { type Invoice, InvoicePath } from '@shared/schemas/invoices';
import { invoiceView } from '../model/invoice-view';
import type { InvoicesDeps } from '../store/deps';
import { getInvoice, invoiceNotFound } from '../store/invoices';

/** Looked up only under the caller's company partition: another company's id is simply absent. */
export async function requireInvoice(
  deps: InvoicesDeps,
  companyId: string,
  invoiceId: string,
): Promise<Invoice> {
  const invoice = await getInvoice(deps, companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

export const getInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return requireInvoice(deps, scope.companyId, params.invoiceId).then(invoiceView);
  },
});
