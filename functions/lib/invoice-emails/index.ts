/**
 * The face of the invoice-emails library: the only module other code imports (infra/architecture.test.ts).
 * A store library (PDF to S3, log entry and outbox mail in one transaction): only store/ and workers/ import it.
 */

export {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  type InvoiceEmailLog,
  isValidEmail,
  listInvoiceEmails,
  queueInvoiceEmail,
} from './invoice-emails';
