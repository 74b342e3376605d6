import {
  CsvError,
  isZip,
  readCsv,
  readXlsx,
  SpreadsheetError,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type ImportBatchView,
  ImportUploadBody,
  importColumn,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
} from '@shared/schemas/invoice-import';
import {
  customersByTaxId,
  headerRowIndex,
  mapHeaders,
  missingRequired,
  type SheetCell,
  sourceRows,
  validateRows,
} from '../model/import-rows';
import { listCustomers } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';
import {
  type ImportBatchRecord,
  importObjectKey,
  putImportBatch,
  putImportObject,
  splitReport,
} from '../store/imports';

/** Rows a sheet may reach (data rows plus blank ones and the header) before it is refused unread. */
const MAX_SHEET_ROWS = MAX_IMPORT_ROWS * 2;

const fileError = (message: string, reason: string, extra: Record<string, unknown> = {}) =>
  new AppError('CORE_004', message, { field: 'file', details: { reason, ...extra } });

export const RECEIVED_NOT_SUPPORTED = 'Solo se admite la importación de facturas emitidas.';

export function refuseReceived(invoiceType: string): void {
  if (invoiceType !== 'ISSUED') {
    throw new AppError('CORE_004', RECEIVED_NOT_SUPPORTED, {
      field: 'invoiceType',
      details: { reason: 'ONLY_ISSUED' },
    });
  }
}

/** The sheet of an upload, by its content (never its name): an .xlsx ZIP or CSV text. */
export function readUpload(bytes: Uint8Array): { format: 'xlsx' | 'csv'; rows: SheetCell[][] } {
  if (bytes.length === 0) throw fileError('El archivo está vacío.', 'EMPTY_FILE');
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw fileError('El archivo supera los 5 MB.', 'FILE_TOO_LARGE');
  if (isZip(bytes)) {
    try {
      return { format: 'xlsx', rows: readXlsx(bytes, { maxRows: MAX_SHEET_ROWS }).rows };
    } catch (e) {
      if (e instanceof SpreadsheetError) throw fileError(e.message, e.reason);
      throw e;
    }
  }
  // Legacy .xls (OLE2 compound file) and anything binary are refused.
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw fileError(
      'Los libros .xls antiguos no se admiten: guárdalo como .xlsx o .csv.',
      'UNSUPPORTED_FORMAT',
    );
  }
  if (bytes.subarray(0, 8192).includes(0)) {
    throw fileError('El archivo no es un Excel (.xlsx) ni un CSV.', 'UNSUPPORTED_FORMAT');
  }
  try {
    return { format: 'csv', rows: readCsv(bytes).rows };
  } catch (e) {
    if (e instanceof CsvError) throw fileError(`El CSV no es válido: ${e.message}`, 'MALFORMED_CSV');
    throw e;
  }
}

/** The record as the API returns it. */
export const batchView = (
  b: ImportBatchRecord,
  results: ImportBatchView['results'] = [],
): ImportBatchView => ({
  batchId: b.batchId,
  companyId: b.companyId,
  status: b.status,
  invoiceType: b.invoiceType,
  fileName: b.fileName,
  format: b.format,
  createdAt: b.createdAt,
  createdBy: b.createdBy,
  counts: b.counts,
  mapping: b.mapping,
  report: b.report,
  execution: b.execution,
  results,
});

/**
 * POST /invoices/import: stores the file, maps its columns, groups its rows into invoices and
 * validates every row with the API's rules. Creates no invoice: the batch waits as VALIDATED.
 */
export const uploadInvoiceImportRoute = defineCompanyAction({
  body: ImportUploadBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: InvoicesDeps) => {
    refuseReceived(body.invoiceType);
    const companyId = scope.companyId;
    const bytes = new Uint8Array(Buffer.from(body.contentBase64, 'base64'));
    const { format, rows } = readUpload(bytes);

    const headerIndex = headerRowIndex(rows);
    if (headerIndex < 0) throw fileError('El archivo no tiene filas.', 'EMPTY_FILE');
    const headers = (rows[headerIndex] ?? []).map((c) => (c === null ? '' : String(c)));
    const mapping = mapHeaders(headers, { ...body.mapping, ...body.mappingConfig });
    const missing = missingRequired(mapping);
    if (missing.length) {
      const names = missing.map((f) => importColumn(f).header);
      throw fileError(
        `Faltan columnas obligatorias: ${names.join(', ')}. Usa la plantilla o indica la correspondencia de columnas.`,
        'MISSING_COLUMNS',
        { missing: names },
      );
    }
    const data = sourceRows(rows, headerIndex, mapping);
    if (data.length === 0) throw fileError('El archivo no tiene filas de facturas.', 'EMPTY_FILE');
    if (data.length > MAX_IMPORT_ROWS) {
      throw fileError(
        `El archivo tiene ${data.length} filas y el máximo por importación es ${MAX_IMPORT_ROWS}: divídelo en varios.`,
        'TOO_MANY_ROWS',
        { limit: MAX_IMPORT_ROWS },
      );
    }

    const now = deps.now().toISOString();
    const customers = customersByTaxId(await listCustomers(deps, companyId));
    const validation = validateRows(data, { companyId, now, customers });
    const batchId = deps.newId();
    const fileKey = importObjectKey(companyId, batchId, body.fileName);
    const planKey = importObjectKey(companyId, batchId, 'plan.json');
    const { inline, large } = splitReport(validation.report);
    const reportKey = large ? importObjectKey(companyId, batchId, 'report.json') : null;

    await putImportObject(fileKey, bytes, format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv');
    await putImportObject(planKey, JSON.stringify(validation.invoices), 'application/json');
    if (reportKey) await putImportObject(reportKey, JSON.stringify(validation.report), 'application/json');

    const record: ImportBatchRecord = {
      batchId,
      companyId,
      status: 'VALIDATED',
      invoiceType: 'ISSUED',
      fileName: body.fileName,
      format,
      createdAt: now,
      createdBy: auth.userId,
      counts: validation.counts,
      mapping: mapping.map((m) => ({ column: m.column, field: m.field })),
      report: inline,
      execution: null,
      fileKey,
      planKey,
      reportKey,
    };
    await putImportBatch(deps, record);
    return batchView({ ...record, report: validation.report });
  },
});
