/**
 * Key builders of the invoice e-mails area (issue #4 item 5), spread into `keys` by
 * `shared/db/keys.ts` (the only entry point the code imports). Company-scoped items live under
 * `COMPANY#<companyId>`.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const emailsKeys = {
  /**
   * The log entry of one e-mail of an invoice (QUEUED -> SENT | FAILED). Under the company's
   * partition, so "the e-mails of invoice I" is one Query on the sort-key prefix.
   */
  invoiceEmail: (companyId: string, invoiceId: string, emailId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `INVEMAIL#${enc(invoiceId)}#${enc(emailId)}`,
  }),
  invoiceEmailPrefix: (companyId: string, invoiceId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `INVEMAIL#${enc(invoiceId)}#`,
  }),
  /** S3 object key of the PDF attached to one invoice e-mail (documents bucket). */
  invoiceEmailAttachmentObject: (companyId: string, invoiceId: string, emailId: string) => ({
    s3Key: `invoices/${enc(companyId)}/${enc(invoiceId)}/${enc(emailId)}.pdf`,
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
