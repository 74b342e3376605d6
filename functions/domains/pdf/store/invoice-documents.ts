/**
 * The invoice, its PDF (lib/invoice-document) and its e-mails (lib/invoice-emails), as this
 * domain's actions use them: actions reach a store library only through their own store/
 * (infra/architecture.test.ts).
 */

export {
  documentOf,
  getInvoiceItem,
  invoicePdfFileName,
  renderInvoicePdfFor,
} from '@functions/lib/invoice-document';
export {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  listInvoiceEmails,
  queueInvoiceEmail,
} from '@functions/lib/invoice-emails';
