/**
 * The pdf domain's Lambda: the invoice PDF and sending it by e-mail, the summary of a tax model and the
 * checklist of an annual return (pdf-lib is heavy: only this bundle carries it). The same function is
 * the manifest's `pdf-render` and `statement-pdf` invokables: a direct invocation (no
 * `httpMethod`/`requestContext`) is validated against shared/schemas/pdf-render.ts or
 * shared/schemas/statement-pdf.ts and rendered (workers/render-statement-pdf.ts `pdfInvocation`); API
 * Gateway events go through the pipeline.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { withInvocations } from '@functions/platform/invoke';
import { getAnnualReturnPdfRoute } from './actions/get-annual-return-pdf';
import { getInvoicePdfRoute } from './actions/get-invoice-pdf';
import { getTaxModelPdfRoute } from './actions/get-tax-model-pdf';
import { listInvoiceEmailsRoute } from './actions/list-invoice-emails';
import { sendInvoiceEmailRoute } from './actions/send-invoice-email';
import { makeDeps, type PdfDeps } from './store/deps';
import { pdfInvocation } from './workers/render-statement-pdf';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const pdfActions: ActionsOf<'pdf', PdfDeps> = {
  'invoices.pdf': getInvoicePdfRoute,
  // sending by e-mail and the e-mail log
  'invoices.sendEmail': sendInvoiceEmailRoute,
  'invoices.emailLog': listInvoiceEmailsRoute,
  // the summary of a stored tax model (issue 14)
  'taxModels.pdf': getTaxModelPdfRoute,
  // the checklist of an annual return Cuadra does not file itself (issue 15)
  'taxAnnualReturns.pdf': getAnnualReturnPdfRoute,
};

export const handler = withInvocations(createApiHandler('pdf', pdfActions, makeDeps), pdfInvocation);
