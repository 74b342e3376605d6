/**
 * An invoice's PDF (lib/invoice-document) and its e-mail to the customer (lib/invoice-emails), as
 * this domain's actions use them: actions reach a store library only through their own store/
 * (infra/architecture.test.ts).
 */

export { renderInvoicePdfFor } from '@functions/lib/invoice-document';
export {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  isValidEmail,
  queueInvoiceEmail,
} from '@functions/lib/invoice-emails';
