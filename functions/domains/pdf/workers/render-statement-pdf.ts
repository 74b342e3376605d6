/**
 * `statement-pdf` (infra/manifest.ts `invokables`): accounting's exports (the journal, the balance
 * sheet, the P&L) as an A4 table, rendered here so only the pdf bundle carries pdf-lib. The payload is
 * validated against shared/schemas/statement-pdf.ts; the answer carries the PDF in base64.
 *
 * The pdf function serves two invokables: `pdfInvocation` tells them apart by their contracts (a
 * statement names its `columns`; a `pdf-render` request its `action`).
 */

import { renderStatementPdf } from '@functions/lib/pdf';
import { type InvokeAnswer, invocationHandler } from '@functions/platform/invoke';
import type { EmailPdfResult, StorePdfResult } from '@shared/schemas/pdf-render';
import {
  type StatementPdfParsed,
  StatementPdfRequest,
  type StatementPdfResult,
} from '@shared/schemas/statement-pdf';
import type { Context } from 'aws-lambda';
import { renderPdfInvocation } from './render-invoice-pdf';

export async function renderStatement(req: StatementPdfParsed): Promise<StatementPdfResult> {
  const bytes = await renderStatementPdf(req);
  return { pdfBase64: Buffer.from(bytes).toString('base64') };
}

export const renderStatementInvocation = invocationHandler(
  (payload) => StatementPdfRequest.parse(payload),
  (req) => renderStatement(req),
);

const isStatement = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && 'columns' in payload && !('action' in payload);

export type PdfInvocationValue = StatementPdfResult | StorePdfResult | EmailPdfResult;

/** Every direct invocation of the pdf function: `statement-pdf` or `pdf-render`. */
export const pdfInvocation = (
  payload: unknown,
  context?: Context,
): Promise<InvokeAnswer<PdfInvocationValue>> =>
  isStatement(payload) ? renderStatementInvocation(payload, context) : renderPdfInvocation(payload, context);
