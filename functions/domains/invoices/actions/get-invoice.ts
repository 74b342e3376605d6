import { defineAction } from '@functions/platform/http';
import { type Invoice, InvoicePath } from '@shared/schemas/invoices';
import { assertCanRead } from '../model/permissions';
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

export const getInvoiceRoute = defineAction({
  params: InvoicePath,
  run: ({ auth, scope, params }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    return requireInvoice(deps, scope!.companyId, params.invoiceId);
  },
});
