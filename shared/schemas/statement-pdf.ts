/**
 * The contract of the pdf domain's `statement-pdf` function (infra/manifest.ts `invokables`): a
 * statement (the journal, the balance sheet, the P&L) as an A4 table, for accounting's exports, which
 * invoke the pdf domain instead of bundling pdf-lib. Cells arrive formatted (es-ES amounts and dates):
 * the renderer only lays them out. Validated by functions/domains/pdf/workers/render-statement-pdf.ts.
 */

import * as z from 'zod';

/** Most rows one PDF takes (larger exports go to Excel): keeps the invocation's payloads small. */
export const MAX_STATEMENT_PDF_ROWS = 5_000;

export const StatementPdfColumn = z.object({
  header: z.string().max(80),
  /** Amounts are right-aligned. */
  align: z.enum(['left', 'right']).default('left'),
  /** Relative width (the columns share the page's width in these proportions). */
  width: z.number().min(0.5).max(10).default(1),
});

export const StatementPdfRequest = z.object({
  title: z.string().min(1).max(200),
  subtitle: z.string().max(300).optional(),
  columns: z.array(StatementPdfColumn).min(1).max(12),
  /** One string per column. */
  rows: z.array(z.array(z.string().max(500))).max(MAX_STATEMENT_PDF_ROWS),
  /** The closing row (bold), one string per column. */
  totals: z.array(z.string().max(500)).optional(),
});
export type StatementPdfRequest = z.input<typeof StatementPdfRequest>;
export type StatementPdfParsed = z.output<typeof StatementPdfRequest>;

export interface StatementPdfResult {
  pdfBase64: string;
}
