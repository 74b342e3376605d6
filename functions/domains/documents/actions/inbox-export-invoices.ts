import {
  CSV_CONTENT_TYPE,
  type CsvCell,
  csvBytes,
  csvMoney,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  ExportInboxInvoicesBody,
  PROCESSED_INVOICE_STATUS_LABELS,
  type ProcessedInvoice,
} from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

const HEADERS = [
  'Recibida',
  'Remitente',
  'Proveedor',
  'NIF proveedor',
  'Número',
  'Fecha factura',
  'Total',
  'Moneda',
  'Estado',
  'Confianza',
  'Archivo',
];

const row = (p: ProcessedInvoice) => ({
  received: p.receivedAt.slice(0, 10),
  text: [p.sender, p.supplierName, p.supplierNif, p.invoiceNumber] as (string | null)[],
  issueDate: p.issueDate,
  total: p.totalAmount,
  tail: [p.currency, PROCESSED_INVOICE_STATUS_LABELS[p.status]],
  confidence: p.aiConfidence,
  fileName: p.fileName,
});

/** POST /smart-inbox/invoices/export: the processed invoices received in [startDate, endDate], CSV or XLSX. */
export const inboxExportInvoicesRoute = defineCompanyAction({
  body: ExportInboxInvoicesBody,
  run: async ({ scope, body }, deps: DocumentsDeps) => {
    if (body.endDate < body.startDate)
      throw new AppError('CORE_004', 'La fecha final no puede ser anterior a la inicial.', {
        field: 'endDate',
      });
    const { invoices } = await loadInbox(deps, scope.companyId, {
      from: body.startDate,
      to: `${body.endDate}T23:59:59.999Z`,
    });
    const rows = invoices.map(row);
    const name = `facturas-buzon-${body.startDate}-${body.endDate}`;
    if (body.format === 'CSV') {
      const cells: CsvCell[][] = [
        HEADERS,
        ...rows.map((r) => [
          r.received,
          ...r.text,
          r.issueDate,
          r.total === null ? null : csvMoney(r.total),
          ...r.tail,
          r.confidence === null ? null : `${Math.round(r.confidence * 100)} %`,
          r.fileName,
        ]),
      ];
      return binaryResponse({
        contentType: CSV_CONTENT_TYPE,
        body: csvBytes(cells, { separator: ';' }),
        filename: `${name}.csv`,
      });
    }
    const body2 = writeXlsx([
      {
        name: 'Facturas',
        columns: HEADERS.map((header, i) => ({
          header,
          kind: i === 0 || i === 5 ? 'date' : i === 6 ? 'money' : i === 9 ? 'number' : 'text',
        })),
        rows: rows.map((r) => [
          r.received,
          ...r.text,
          r.issueDate,
          r.total === null ? null : r.total / 100,
          ...r.tail,
          r.confidence,
          r.fileName,
        ]),
      },
    ]);
    return binaryResponse({ contentType: XLSX_CONTENT_TYPE, body: body2, filename: `${name}.xlsx` });
  },
});
