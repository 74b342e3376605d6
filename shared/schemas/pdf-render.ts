/**
 * The contract of the pdf domain's `pdf-render` function (infra/manifest.ts `invokables`): what the
 * invoices domain's workers ask it for instead of bundling pdf-lib themselves. Validated by the
 * function (functions/domains/pdf/workers/render-invoice-pdf.ts); callers build it in their store/.
 *
 * - `store`: render the invoice's PDF and put it in the documents bucket where the bulk operation
 *   `operationId` ("download PDFs") keeps it (shared/db `bulkPdfObject`: the caller names no key,
 *   so nothing outside the company's operation can be written), answering its key and file name.
 * - `email`: render it and queue it by e-mail to `to` (the PDF stored, log entry QUEUED and outbox
 *   mail in one transaction), with the default subject and text, answering the e-mail's id.
 */

import * as z from 'zod';

const Id = z.string().min(1).max(200);

export const RenderPdfRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('store'),
    companyId: Id,
    invoiceId: Id,
    operationId: Id,
  }),
  z.object({
    action: z.literal('email'),
    companyId: Id,
    invoiceId: Id,
    to: z.array(z.string().min(3).max(254)).min(1).max(20),
    /** The user who asked for it, or 'SYSTEM' for automatic sending. */
    sentBy: Id,
  }),
]);
export type RenderPdfRequest = z.infer<typeof RenderPdfRequest>;

export type StorePdfRequest = Extract<RenderPdfRequest, { action: 'store' }>;
export type EmailPdfRequest = Extract<RenderPdfRequest, { action: 'email' }>;

export interface StorePdfResult {
  s3Key: string;
  fileName: string;
}

export interface EmailPdfResult {
  emailId: string;
}
