import {
  type CellValue,
  type ColumnKind,
  CSV_CONTENT_TYPE,
  type CsvCell,
  csvBytes,
  csvMoney,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { customerTaxIdText } from '@shared/schemas/customers';
import {
  EXPORT_COLUMNS,
  EXPORT_HEADERS,
  type ExportColumn,
  ExportInvoicesBody,
  MAX_EXPORT_ROWS,
} from '@shared/schemas/invoice-import';
import {
  type Invoice,
  InvoiceListQuery,
  type InvoiceWithPayments,
  type PaymentStatus,
  type SiiStatus,
} from '@shared/schemas/invoices';
import { pageOf } from '../model/invoice-listing';
import type { InvoicesDeps } from '../store/deps';
import { filteredInvoices } from './list-invoices';

const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Borrador',
  CONFIRMED: 'Confirmada',
  CANCELLED: 'Anulada',
};
const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pendiente',
  PARTIAL: 'Cobro parcial',
  PAID: 'Cobrada',
  OVERDUE: 'Vencida',
};
const SII_LABELS: Record<SiiStatus, string> = {
  NOT_SENT: 'No enviada',
  QUEUED: 'En cola',
  SENT: 'Enviada',
  ACCEPTED: 'Aceptada',
  REJECTED: 'Rechazada',
  PENDING_CORRECTION: 'Pendiente de corrección',
  PARTIALLY_SENT: 'Aceptada con errores',
  ERROR: 'Error',
};

const KIND: Partial<Record<ExportColumn, ColumnKind>> = {
  date: 'date',
  dueDate: 'date',
  base: 'money',
  vat: 'money',
  recargo: 'money',
  irpf: 'money',
  total: 'money',
};
const WIDTH: Partial<Record<ExportColumn, number>> = { number: 18, customer: 36, nif: 14, status: 12 };

type Raw = { money: number } | { date: string | null } | string | null;

/** The value of one column of an invoice: money in céntimos and dates as ISO until formatted. */
function rawValue(col: ExportColumn, inv: InvoiceWithPayments): Raw {
  const t = inv.totals;
  switch (col) {
    case 'number':
      return inv.invoiceNumber ?? null;
    case 'series':
      return inv.series ?? null;
    case 'date':
      return { date: inv.invoiceDate };
    case 'type':
      return inv.invoiceType;
    case 'customer':
      return inv.customer?.name ?? null;
    case 'nif':
      return inv.customer?.taxId ? customerTaxIdText(inv.customer.taxId) : null;
    case 'base':
      return { money: t.baseCents };
    case 'vat':
      return { money: t.vatCents };
    case 'recargo':
      return { money: t.recargoCents };
    case 'irpf':
      return { money: t.irpfCents };
    case 'total':
      return { money: t.totalCents };
    case 'status':
      return STATUS_LABELS[inv.status] ?? inv.status;
    case 'paymentStatus':
      return inv.paymentStatus ? PAYMENT_LABELS[inv.paymentStatus] : null;
    case 'dueDate':
      return { date: inv.dueDate };
    case 'siiStatus':
      return inv.siiStatus ? SII_LABELS[inv.siiStatus] : null;
  }
}

const esDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const xlsxCell = (v: Raw): CellValue => {
  if (v === null || typeof v === 'string') return v;
  if ('money' in v) return v.money / 100;
  return v.date;
};

/**
 * CSV cells by column type: text (names, numbers of invoices, labels) is a string, which the shared
 * writer neutralises against formula injection; amounts are CsvMoney built from céntimos, written
 * es-ES by the writer and never neutralised, so `-12,50` stays a negative amount.
 */
const csvCell = (v: Raw): CsvCell => {
  if (v === null || typeof v === 'string') return v;
  if ('money' in v) return csvMoney(v.money);
  return v.date ? esDate(v.date) : null;
};

/** Today in Spain as YYYYMMDD (the file name's date). */
const madridDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d).replace(/-/g, '');

/** The file of a list of invoices (pure; exported for the tests). */
export function exportFile(
  invoices: Invoice[],
  format: 'xlsx' | 'csv',
  columns: readonly ExportColumn[],
): { contentType: string; body: Uint8Array } {
  const raw = invoices.map((inv) => columns.map((c) => rawValue(c, inv as InvoiceWithPayments)));
  if (format === 'csv') {
    const rows = [columns.map((c) => EXPORT_HEADERS[c]), ...raw.map((r) => r.map(csvCell))];
    return { contentType: CSV_CONTENT_TYPE, body: csvBytes(rows, { separator: ';' }) };
  }
  const body = writeXlsx([
    {
      name: 'Facturas',
      columns: columns.map((c) => ({ header: EXPORT_HEADERS[c], kind: KIND[c] ?? 'text', width: WIDTH[c] })),
      rows: raw.map((r) => r.map(xlsxCell)),
    },
  ]);
  return { contentType: XLSX_CONTENT_TYPE, body };
}

/**
 * POST /invoices/export: the list of GET /invoices with the same filters, search and sort (no
 * paging), as an Excel workbook or an es-ES CSV. At most 10.000 invoices per file.
 */
export const exportInvoicesRoute = defineCompanyAction({
  body: ExportInvoicesBody,
  run: async ({ scope, body }, deps: InvoicesDeps) => {
    const query = body.filters ?? InvoiceListQuery.parse({});
    const matching = await filteredInvoices(deps, scope.companyId, query);
    const page = pageOf(matching, { ...query, page: 0, size: MAX_EXPORT_ROWS + 1 });
    if (page.totalElements > MAX_EXPORT_ROWS) {
      throw new AppError(
        'CORE_004',
        `La exportación admite como máximo ${MAX_EXPORT_ROWS.toLocaleString('es-ES')} facturas y hay ${page.totalElements.toLocaleString('es-ES')}: acota las fechas u otros filtros.`,
        {
          field: 'filters',
          details: { reason: 'TOO_MANY_ROWS', limit: MAX_EXPORT_ROWS, count: page.totalElements },
        },
      );
    }
    const file = exportFile(page.content, body.format, body.columns ?? EXPORT_COLUMNS);
    return binaryResponse({ ...file, filename: `facturas-${madridDay(deps.now())}.${body.format}` });
  },
});
