import { renderInvoicePdf } from '@functions/lib/pdf';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError, isAppError } from '@shared/api/errors';
import { InvoicePath } from '@shared/schemas/invoices';
import { assertSendable, recipientsOf, SendInvoiceEmailBody } from '../model/send-email';
import { getCustomerEmail } from '../store/customers';
import type { PdfDeps } from '../store/deps';
import {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  documentOf,
  getInvoiceItem,
  invoicePdfFileName,
  queueInvoiceEmail,
} from '../store/invoice-documents';

/**
 * Sends a confirmed invoice by e-mail with its PDF: the PDF is stored, the log entry (QUEUED) and
 * the outbox mail are written in one transaction, and the mail consumer sends it. 202: the mail
 * goes out asynchronously; the log entry turns SENT or FAILED. Refusals write nothing.
 */
export const sendInvoiceEmailRoute = defineCompanyAction({
  params: InvoicePath,
  body: SendInvoiceEmailBody,
  status: 202,
  run: async ({ auth, scope, params, body, log }, deps: PdfDeps) => {
    const companyId = scope.companyId;
    const invoice = await getInvoiceItem(deps, companyId, params.invoiceId);
    if (!invoice) throw new AppError('CORE_006', 'La factura no existe.');
    assertSendable(invoice);
    const customerEmail =
      body.to?.length || !invoice.customer?.customerId
        ? undefined
        : await getCustomerEmail(deps, companyId, invoice.customer.customerId);
    const to = recipientsOf(body.to, customerEmail);
    const { issuer, settings, logo, qr } = await documentOf(deps, companyId, invoice);
    const invoiceNumber = invoice.invoiceNumber ?? invoice.invoiceId;

    let bytes: Uint8Array;
    try {
      bytes = await renderInvoicePdf(invoice, issuer, settings, logo, qr);
    } catch (e) {
      if (isAppError(e)) throw e;
      log.error('invoice pdf failed', { invoiceId: invoice.invoiceId, error: (e as Error).message });
      throw new AppError('DOC_044');
    }

    const now = deps.now?.() ?? new Date();
    return queueInvoiceEmail(deps, {
      companyId,
      invoiceId: invoice.invoiceId,
      invoiceNumber,
      to,
      cc: body.cc?.filter((c) => !to.includes(c)),
      replyTo: issuer.email ? [issuer.email] : undefined,
      subject: body.subject ?? defaultInvoiceEmailSubject(invoiceNumber, issuer.name),
      bodyText: defaultInvoiceEmailBody(invoiceNumber, issuer.name, body.message),
      pdf: { bytes, fileName: invoicePdfFileName(invoice) },
      sentBy: auth.userId,
      now,
      newId: deps.newId ?? (() => crypto.randomUUID().replace(/-/g, '')),
    });
  },
});
