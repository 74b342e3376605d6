/**
 * The face of the pdf library: the only module other code imports (infra/architecture.test.ts).
 * A pure library (pdf-lib, Helvetica only): the invoice PDF, the tax model summary and the checklist of
 * an annual return.
 */

export { type AnnualChecklistPdfInput, renderAnnualChecklistPdf } from './render-annual-checklist-pdf';
export { type InvoiceLogo, type InvoiceQr, renderInvoicePdf } from './render-invoice-pdf';
export { renderStatementPdf, type StatementPdfInput } from './render-statement-pdf';
export { renderTaxModelPdf, type TaxModelPdfInput } from './render-tax-model-pdf';
