/**
 * What every read of the reports does first: the plan gate (design "Plan gate": every accounting
 * action but `accounting.access` calls it first), then the company's settings (404 before the chart
 * is initialised). And how an export answers: a binary download (functions/platform/http.ts
 * `binaryResponse`), an Excel workbook or a PDF rendered by the pdf domain's `statement-pdf`.
 */

import { writeXlsx, XLSX_CONTENT_TYPE } from '@functions/lib/spreadsheets';
import type { AuthContext } from '@functions/platform/auth-context';
import { binaryResponse } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { MAX_STATEMENT_PDF_ROWS, type StatementPdfResult } from '@shared/schemas/statement-pdf';
import { type ExportTable, pdfRequest } from '../model/reports/exports';
import { requireSettings } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import type { SettingsItem } from '../store/items';
import { requireAccountingPlan } from '../store/plan';

export async function readScope(
  deps: AccountingDeps,
  auth: Pick<AuthContext, 'isAdmin'>,
  companyId: string,
): Promise<SettingsItem> {
  await requireAccountingPlan(deps, auth, companyId);
  return requireSettings(deps, companyId);
}

/** Most rows of an Excel export. */
export const MAX_EXPORT_ROWS = 50_000;

/** Today in Spain as YYYYMMDD (the file name's date). */
const madridDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d).replace(/-/g, '');

export async function exportFile(
  deps: AccountingDeps,
  table: ExportTable,
  o: { format: 'EXCEL' | 'PDF'; title: string; subtitle: string; fileBase: string },
) {
  const limit = o.format === 'PDF' ? MAX_STATEMENT_PDF_ROWS : MAX_EXPORT_ROWS;
  if (table.rows.length > limit)
    throw new AppError(
      'CORE_004',
      `La exportación en ${o.format === 'PDF' ? 'PDF' : 'Excel'} admite como máximo ${limit.toLocaleString('es-ES')} filas: acota las fechas${o.format === 'PDF' ? ' o exporta a Excel' : ''}.`,
      { field: 'toDate', details: { reason: 'TOO_MANY_ROWS', limit } },
    );
  const filename = `${o.fileBase}-${madridDay(deps.now())}`;
  if (o.format === 'PDF') {
    const { pdfBase64 } = await deps.invoke<StatementPdfResult>(pdfRequest(table, o.title, o.subtitle));
    return binaryResponse({
      contentType: 'application/pdf',
      body: new Uint8Array(Buffer.from(pdfBase64, 'base64')),
      filename: `${filename}.pdf`,
    });
  }
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  return binaryResponse({
    contentType: XLSX_CONTENT_TYPE,
    body: writeXlsx([{ name: table.name, columns: table.columns, rows }]),
    filename: `${filename}.xlsx`,
  });
}
