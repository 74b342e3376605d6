import {
  type CellValue,
  type ColumnKind,
  CSV_CONTENT_TYPE,
  csvBytes,
  csvMoney,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type RecordKind,
  type RecordOperation,
  SubmissionExportQuery,
  type SubmissionStatus,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import type { VerifactuDeps } from '../store/deps';
import { FILTER_READ_LIMIT, filteredSubmissions, matchesFilters } from '../store/submission-queries';

export const MAX_EXPORT_ROWS = 10_000;

export const KIND_LABELS: Record<RecordKind, string> = { ALTA: 'Alta', ANULACION: 'Anulación' };
export const OPERATION_LABELS: Record<RecordOperation, string> = {
  ALTA: 'Alta',
  SUBSANACION: 'Subsanación',
  ALTA_TRAS_RECHAZO: 'Alta tras rechazo',
  ANULACION: 'Anulación',
  ANULACION_TRAS_RECHAZO: 'Anulación tras rechazo',
  ANULACION_SIN_REGISTRO_PREVIO: 'Anulación sin registro previo',
};
export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  QUEUED: 'En cola',
  SENT: 'Enviado',
  VERIFIED: 'Verificado',
  ACCEPTED_WITH_ERRORS: 'Aceptado con errores',
  ERROR: 'Error',
};

const COLUMNS: { header: string; kind: ColumnKind; width?: number }[] = [
  { header: 'Nº registro', kind: 'integer' },
  { header: 'Factura', kind: 'text', width: 18 },
  { header: 'Fecha', kind: 'date' },
  { header: 'Tipo', kind: 'text' },
  { header: 'Operación', kind: 'text', width: 28 },
  { header: 'Estado', kind: 'text', width: 20 },
  { header: 'Código AEAT', kind: 'text' },
  { header: 'Mensaje AEAT', kind: 'text', width: 48 },
  { header: 'CSV', kind: 'text', width: 18 },
  { header: 'Importe', kind: 'money' },
  { header: 'Enviado', kind: 'text', width: 18 },
];
export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

const madridDateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as es-ES Madrid time: "15/01/2027, 10:30" -> "15/01/2027 10:30". */
export const esDateTime = (iso: string | null): string | null =>
  iso ? madridDateTime.format(new Date(iso)).replace(',', '') : null;

const esDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const text = (s: VerifactuSubmission) => [
  KIND_LABELS[s.kind] ?? s.kind,
  OPERATION_LABELS[s.operation] ?? s.operation,
  STATUS_LABELS[s.status] ?? s.status,
  s.aeatCode,
  s.aeatMessage,
  s.csv,
];

/** The file of a list of submissions (pure; exported for the tests). */
export function submissionsFile(
  submissions: VerifactuSubmission[],
  format: 'EXCEL' | 'CSV',
): { contentType: string; body: Uint8Array; extension: string } {
  if (format === 'CSV') {
    const rows = submissions.map((s) => [
      s.seq,
      s.invoiceNumber,
      esDate(s.invoiceDate),
      ...text(s),
      csvMoney(s.totalCents),
      esDateTime(s.sentAt),
    ]);
    return {
      contentType: CSV_CONTENT_TYPE,
      body: csvBytes([EXPORT_HEADERS, ...rows], { separator: ';' }),
      extension: 'csv',
    };
  }
  const rows: CellValue[][] = submissions.map((s) => [
    s.seq,
    s.invoiceNumber,
    s.invoiceDate,
    ...text(s),
    s.totalCents / 100,
    esDateTime(s.sentAt),
  ]);
  return {
    contentType: XLSX_CONTENT_TYPE,
    body: writeXlsx([{ name: 'Envíos VeriFacTu', columns: COLUMNS, rows }]),
    extension: 'xlsx',
  };
}

/** Today in Spain as YYYYMMDD (the file name's date). */
const madridDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d).replace(/-/g, '');

/**
 * GET /verifactu/submissions/export?format=EXCEL|CSV: the list's submissions with the same filters,
 * newest first, as an Excel workbook (default) or an es-ES CSV. At most 10.000 rows.
 */
export const exportSubmissionsRoute = defineCompanyAction({
  query: SubmissionExportQuery,
  run: async ({ scope, query }, deps: VerifactuDeps) => {
    // One more than the limit tells "too many" apart from "exactly 10.000" (filtered views consider
    // the newest submissions only, as the list does: store/submission-queries.ts).
    const { items } = await filteredSubmissions(deps, scope.companyId, matchesFilters(query), {
      maxRead: FILTER_READ_LIMIT + 1,
    });
    if (items.length > MAX_EXPORT_ROWS) {
      throw new AppError(
        'CORE_004',
        `La exportación admite como máximo ${MAX_EXPORT_ROWS.toLocaleString('es-ES')} envíos: acota las fechas u otros filtros.`,
        { field: 'from', details: { reason: 'TOO_MANY_ROWS', limit: MAX_EXPORT_ROWS } },
      );
    }
    const file = submissionsFile(items, query.format);
    return binaryResponse({
      contentType: file.contentType,
      body: file.body,
      filename: `envios-verifactu-${madridDay(deps.now())}.${file.extension}`,
    });
  },
});
