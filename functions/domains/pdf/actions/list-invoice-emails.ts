import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import type { PdfDeps } from '../store/deps';
import { getInvoiceItem, listInvoiceEmails } from '../store/invoice-documents';

/** The e-mails sent of an invoice, newest first, with their state (QUEUED, SENT, FAILED). */
export const listInvoiceEmailsRoute = defineCompanyAction({
  params: InvoicePath,
  run: async ({ scope, params }, deps: PdfDeps) => {
    const companyId = scope.companyId;
    // Another company's invoice is a 404 like any missing one.
    const invoice = await getInvoiceItem(deps, companyId, params.invoiceId);
    if (!invoice) throw new AppError('CORE_006', 'La factura no existe.');
    return listInvoiceEmails(deps, companyId, params.invoiceId);
  },
});
