/**
 * `pdf-render` (infra/manifest.ts `invokables`): the invoice PDF for the other domains' workers,
 * which invoke the pdf domain's function (functions/platform/invoke.ts) instead of bundling
 * pdf-lib; its handler.ts hands every direct invocation to `renderPdfInvocation`. Two asks
 * (shared/schemas/pdf-render.ts): store the PDF of a bulk "download PDFs" operation, or queue it by
 * e-mail to the given recipients exactly as the send-email route does (PDF stored, log entry
 * QUEUED and outbox mail in one transaction), with the default subject and text. A refusal
 * (missing invoice, no issuer, not confirmed) answers the AppError to the caller.
 */

import { renderInvoicePdfFor } from '@functions/lib/invoice-document';
import {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  queueInvoiceEmail,
} from '@functions/lib/invoice-emails';
import { invocationHandler } from '@functions/platform/invoke';
import type { Logger } from '@functions/platform/logger';
import { isAppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type EmailPdfRequest,
  type EmailPdfResult,
  RenderPdfRequest,
  type StorePdfRequest,
  type StorePdfResult,
} from '@shared/schemas/pdf-render';
import { assertSendable } from '../model/send-email';
import { makeDeps, type PdfDeps } from '../store/deps';
import { putPdf } from '../store/pdf-files';

/** Renders the invoice and stores it under the operation's key for that invoice. */
export async function storeInvoicePdf(deps: PdfDeps, req: StorePdfRequest): Promise<StorePdfResult> {
  const pdf = await renderInvoicePdfFor(deps, req.companyId, req.invoiceId);
  const { s3Key } = keys.bulkPdfObject(req.companyId, req.operationId, req.invoiceId);
  await putPdf(deps, s3Key, pdf.bytes);
  return { s3Key, fileName: pdf.fileName };
}

/** Renders a confirmed invoice and queues it by e-mail (the issuer's name signs the default text). */
export async function emailInvoicePdf(deps: PdfDeps, req: EmailPdfRequest): Promise<EmailPdfResult> {
  const pdf = await renderInvoicePdfFor(deps, req.companyId, req.invoiceId);
  assertSendable(pdf.invoice);
  const number = pdf.invoice.invoiceNumber ?? pdf.invoice.invoiceId;
  const companyName = pdf.invoice.issuer?.name ?? '';
  const email = await queueInvoiceEmail(deps, {
    companyId: req.companyId,
    invoiceId: req.invoiceId,
    invoiceNumber: number,
    to: req.to,
    subject: defaultInvoiceEmailSubject(number, companyName),
    bodyText: defaultInvoiceEmailBody(number, companyName),
    pdf: { bytes: pdf.bytes, fileName: pdf.fileName },
    sentBy: req.sentBy,
    now: deps.now?.() ?? new Date(),
    newId: deps.newId ?? (() => crypto.randomUUID().replace(/-/g, '')),
  });
  return { emailId: email.emailId };
}

export async function renderPdf(
  deps: PdfDeps,
  req: RenderPdfRequest,
  log: Logger,
): Promise<StorePdfResult | EmailPdfResult> {
  try {
    return req.action === 'store' ? await storeInvoicePdf(deps, req) : await emailInvoicePdf(deps, req);
  } catch (e) {
    // The renderer's failure reaches the caller as DOC_044 without its cause: keep the cause here.
    if (isAppError(e) && e.code === 'DOC_044' && e.cause)
      log.error('invoice pdf failed', { invoiceId: req.invoiceId, error: (e.cause as Error).message });
    throw e;
  }
}

/** A direct invocation of the pdf function: the payload validated against the contract, then rendered. */
export const renderPdfInvocation = invocationHandler(
  (payload) => RenderPdfRequest.parse(payload),
  (req, { log }) => renderPdf(makeDeps(), req, log),
);
