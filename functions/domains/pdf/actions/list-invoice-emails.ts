import { getInvoiceItem } from '@functions/lib/invoice-document';
import { listInvoiceEmails } from '@functions/lib/invoice-emails';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import { assertCanRead } from '../model/permissions';
import type { PdfDeps } from '../store/deps';

/** The e-mails sent of an invoice, newest first, with their state (QUEUED, SENT, FAILED). */
export const listInvoiceEmailsRoute = defineAction({
  params: InvoicePath,
  run: async ({ auth, scope, params }, deps: PdfDeps) => {
    assertCanRead(auth, scope);
    const companyId = scope!.companyId;
    // Another company's invoice is a 404 like any missing one.
    const invoice = await getInvoiceItem(deps, companyId, params.invoiceId);
    if (!invoice) throw new AppError('CORE_006', 'La factura no existe.');
    return listInvoiceEmails(deps, companyId, params.invoiceId);
  },
});
