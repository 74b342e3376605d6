/**
 * Key builders of one area, spread into `keys` by `shared/db/keys.ts` (the only entry point
 * the code imports). Company-scoped items live under `COMPANY#<companyId>`.
 *
 * Bulk operations on issued invoices (issue 4, item 10): the operation item (progress counters),
 * one result item per invoice (the idempotency guard of the queue consumer) and, for
 * DOWNLOAD_PDFS, the rendered PDFs and the ZIP in the documents bucket.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const bulkKeys = {
  /** A bulk operation of a company with its progress (entity BulkOperation; its INSERT is dispatched). */
  bulkOperation: (companyId: string, operationId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `BULKOP#${enc(operationId)}`,
  }),
  /** The outcome for one invoice of an operation: written once (attribute_not_exists). */
  bulkResult: (companyId: string, operationId: string, invoiceId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `BULKRES#${enc(operationId)}#${enc(invoiceId)}`,
  }),
  bulkResultPrefix: (companyId: string, operationId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `BULKRES#${enc(operationId)}#`,
  }),
  /** S3 (documents bucket): one invoice's PDF rendered by a DOWNLOAD_PDFS operation. */
  bulkPdfObject: (companyId: string, operationId: string, invoiceId: string) => ({
    s3Key: `bulk/${enc(companyId)}/${enc(operationId)}/pdf/${enc(invoiceId)}.pdf`,
  }),
  /** S3 (documents bucket): the ZIP of a DOWNLOAD_PDFS operation, served by a presigned GET. */
  bulkZipObject: (companyId: string, operationId: string) => ({
    s3Key: `bulk/${enc(companyId)}/${enc(operationId)}/facturas.zip`,
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
