/**
 * The pure half of the invoice import: the header row mapped to fields (template headers 1:1, then
 * Spanish/English aliases, then the caller's mapping), cells parsed (es-ES and ISO numbers and
 * dates, Excel dates and percentages), rows grouped by "Referencia" into invoices, and every invoice
 * checked with the API's own rules: `CreateInvoiceBody` and `buildDraft` (customer NIF, totals by
 * `computeInvoiceTotals`, F2 limits, cash limit). Each problem is reported on its row and column.
 */

import { isAppError } from '@shared/api/errors';
import { fold } from '@shared/api/listing';
import { ISO_COUNTRIES, isEuCountry } from '@shared/schemas/countries';
import { type Customer, taxIdKey } from '@shared/schemas/customers';
import {
  IMPORT_COLUMNS,
  type ImportCounts,
  type ImportField,
  type ImportMapping,
  type ImportRowError,
  type ImportRowReport,
  importColumn,
} from '@shared/schemas/invoice-import';
import { CreateInvoiceBody, PAYMENT_METHODS } from '@shared/schemas/invoices';
import type * as z from 'zod';
import { buildDraft } from './build-invoice';

export type SheetCell = string | number | boolean | null;

/** Header text as compared for auto-mapping: no accents, case, punctuation or extra spaces. */
const norm = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();

const ALIASES = new Map<string, ImportField>();
for (const c of IMPORT_COLUMNS) {
  for (const a of [c.header, ...c.aliases, c.field]) ALIASES.set(norm(a), c.field);
}

export interface ColumnMapping {
  column: string;
  field: ImportField | null;
}

/** Maps each header to a field; a field claimed by two columns keeps the first. */
export function mapHeaders(headers: string[], override: ImportMapping = {}): ColumnMapping[] {
  const byNorm = new Map(Object.entries(override).map(([k, v]) => [norm(k), v]));
  const used = new Set<ImportField>();
  return headers.map((h) => {
    const column = h.trim();
    const o = byNorm.get(norm(column));
    const field = o !== undefined ? o : (ALIASES.get(norm(column)) ?? null);
    if (!field || used.has(field)) return { column, field: null };
    used.add(field);
    return { column, field };
  });
}

export const missingRequired = (mapping: ColumnMapping[]): ImportField[] =>
  IMPORT_COLUMNS.filter((c) => c.required && !mapping.some((m) => m.field === c.field)).map((c) => c.field);

// --- cell parsing -----------------------------------------------------------------------------------

class CellError extends Error {}

const text = (v: SheetCell): string => (v === null ? '' : typeof v === 'string' ? v.trim() : String(v));

/**
 * A decimal from a cell: numbers as they are; text in es-ES (`1.234,56`) or plain (`1234.56`),
 * with an optional € or % sign. Returns the decimal as text (`1234.56`), never through a float.
 */
export function decimalText(v: SheetCell): string | undefined {
  if (v === null || v === '') return undefined;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new CellError('No es un número.');
    // toFixed(6) then trimmed: 100.5 -> "100.5", 0.1 + 0.2 -> "0.3".
    return Number(v.toFixed(6)).toString();
  }
  if (typeof v === 'boolean') throw new CellError('No es un número.');
  let s = v.replace(/[\s\u00a0€%]/g, '');
  if (s === '') return undefined;
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const dec = lastComma > lastDot ? ',' : '.';
    const thou = dec === ',' ? '.' : ',';
    s = s.split(thou).join('').replace(dec, '.');
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) s = s.split(',').join('');
    else s = s.replace(',', '.');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    // Several dots: es-ES thousands separators (1.234.567).
    s = s.split('.').join('');
  }
  // A single dot is a decimal point (1.234 is 1,234, never 1234).
  if (!/^\d+(\.\d+)?$/.test(s)) throw new CellError('No es un número válido.');
  return (neg ? '-' : '') + s.replace(/^0+(?=\d)/, '');
}

/** A decimal text scaled by 10^places exactly, refusing more decimals than `places`. */
function scaled(dec: string, places: number, what: string): number {
  const neg = dec.startsWith('-');
  const [whole = '0', frac = ''] = (neg ? dec.slice(1) : dec).split('.');
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > places) throw new CellError(`${what} admite como máximo ${places} decimales.`);
  const n = Number(whole) * 10 ** places + Number(trimmed.padEnd(places, '0') || '0');
  if (!Number.isSafeInteger(n)) throw new CellError(`${what} es demasiado grande.`);
  return neg ? -n : n;
}

export const centsOf = (v: SheetCell): number | undefined => {
  const d = decimalText(v);
  return d === undefined ? undefined : scaled(d, 2, 'El importe');
};

/** A percentage as basis points; a numeric cell below 1 is read as a fraction (Excel's 21 % is 0.21). */
export const bpOf = (v: SheetCell): number | undefined => {
  if (typeof v === 'number' && v > 0 && v < 1) return bpOf(Number((v * 100).toFixed(6)));
  const d = decimalText(v);
  return d === undefined ? undefined : scaled(d, 2, 'El porcentaje');
};

export const quantityOf = (v: SheetCell): string | number | undefined => {
  const d = decimalText(v);
  return d === undefined ? undefined : d;
};

const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

/** ISO date from an Excel date (already ISO from the reader), an Excel serial number, DD/MM/AAAA or AAAA-MM-DD. */
export function dateOf(v: SheetCell): string | undefined {
  if (v === null || v === '') return undefined;
  let y: number;
  let m: number;
  let d: number;
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 61 || v > 2_958_465) throw new CellError('La fecha no es válida.');
    return new Date(EPOCH_1899_12_30 + v * 86_400_000).toISOString().slice(0, 10);
  }
  const s = text(v);
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T[\d:.]+Z?)?$/.exec(s);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
    if (!match) throw new CellError('La fecha debe tener el formato DD/MM/AAAA o AAAA-MM-DD.');
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = Date.UTC(y, m - 1, d);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso) {
    throw new CellError('La fecha no existe.');
  }
  return iso;
}

const YES = new Set(['si', 's', 'yes', 'y', 'true', '1', 'x', 'verdadero']);
const NO = new Set(['no', 'n', 'false', '0', 'falso']);

export function boolOf(v: SheetCell): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const s = fold(text(v));
  if (s === '') return undefined;
  if (YES.has(s)) return true;
  if (NO.has(s)) return false;
  throw new CellError('Indica Sí o No.');
}

const PAYMENT_LABELS: Record<string, (typeof PAYMENT_METHODS)[number]> = {
  transferencia: 'TRANSFER',
  'transferencia bancaria': 'TRANSFER',
  domiciliacion: 'DIRECT_DEBIT',
  'domiciliacion bancaria': 'DIRECT_DEBIT',
  recibo: 'DIRECT_DEBIT',
  tarjeta: 'CARD',
  efectivo: 'CASH',
  metalico: 'CASH',
  otro: 'OTHER',
  otros: 'OTHER',
};

export function paymentMethodOf(v: SheetCell): string | undefined {
  const s = text(v);
  if (!s) return undefined;
  const code = s.toUpperCase().replace(/\s+/g, '_');
  if ((PAYMENT_METHODS as readonly string[]).includes(code)) return code;
  const label = PAYMENT_LABELS[fold(s)];
  if (!label)
    throw new CellError(
      'Forma de pago desconocida: usa Transferencia, Domiciliación, Tarjeta, Efectivo u Otro.',
    );
  return label;
}

const codeOf = (v: SheetCell, allowed: readonly string[], message: string): string | undefined => {
  const s = text(v).toUpperCase();
  if (!s) return undefined;
  if (!allowed.includes(s)) throw new CellError(message);
  return s;
};

// --- grouping and validation ---------------------------------------------------------------------

export interface SourceRow {
  /** Row number in the sheet (header = 1). */
  row: number;
  values: Partial<Record<ImportField, SheetCell>>;
}

/** One invoice of the file: its rows and, when valid, the request body the API would accept. */
export interface PlannedInvoice {
  invoiceRef: string;
  rows: number[];
  ok: boolean;
  /** The JSON body of POST /invoices for this invoice (input form, parsed again on execution). */
  body: Record<string, unknown> | null;
  totalCents: number | null;
}

export interface ImportValidation {
  report: ImportRowReport[];
  invoices: PlannedInvoice[];
  counts: ImportCounts;
}

/** The data rows of a sheet (after its header row), skipping blank rows, as field values. */
export function sourceRows(rows: SheetCell[][], headerIndex: number, mapping: ColumnMapping[]): SourceRow[] {
  const out: SourceRow[] = [];
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    if (cells.every((c) => c === null || text(c) === '')) continue;
    const values: SourceRow['values'] = {};
    mapping.forEach((m, i) => {
      if (m.field) values[m.field] = cells[i] ?? null;
    });
    out.push({ row: r + 1, values });
  }
  return out;
}

/** The first row with any content: the header row. */
export const headerRowIndex = (rows: SheetCell[][]): number =>
  rows.findIndex((r) => r.some((c) => c !== null && text(c) !== ''));

const header = (f: ImportField) => importColumn(f).header;
const INVOICE = 'Factura';

/** API body paths -> the column they come from; `invoiceLines.<i>.x` -> the i-th row of the invoice. */
const LINE_FIELDS: Record<string, ImportField> = {
  description: 'description',
  quantity: 'quantity',
  quantityMilli: 'quantity',
  unitPriceCents: 'unitPrice',
  discountBp: 'discountPercent',
  vatRateBp: 'vatRatePercent',
  exemptionCause: 'exemptionCause',
  notSubject: 'notSubject',
  reverseCharge: 'reverseCharge',
  recargo: 'vatRatePercent',
};
const INVOICE_FIELDS: Record<string, ImportField> = {
  invoiceType: 'invoiceType',
  invoiceDate: 'invoiceDate',
  operationDate: 'operationDate',
  dueDate: 'dueDate',
  paymentMethod: 'paymentMethod',
  irpfRateBp: 'irpfPercent',
  notes: 'notes',
  'customer.nif': 'customerNif',
  'customer.idOtro': 'customerNif',
  'customer.name': 'customerName',
  'customer.address': 'customerAddress',
  'customer.postalCode': 'customerPostalCode',
  'customer.city': 'customerCity',
  'customer.country': 'customerCountry',
  customer: 'customerNif',
};

/** Where an API field path lands: the row of the invoice and the column header. */
function locate(path: string, rows: number[]): { row: number; field: string } {
  const line = /^invoiceLines\.(\d+)(?:\.(\w+))?/.exec(path);
  if (line) {
    const row = rows[Number(line[1])] ?? rows[0]!;
    const f = line[2] ? LINE_FIELDS[line[2]] : undefined;
    return { row, field: f ? header(f) : INVOICE };
  }
  const key = Object.keys(INVOICE_FIELDS)
    .sort((a, b) => b.length - a.length)
    .find((k) => path === k || path.startsWith(`${k}.`));
  return { row: rows[0]!, field: key ? header(INVOICE_FIELDS[key]!) : INVOICE };
}

type Errors = Map<number, ImportRowError[]>;
const addError = (errors: Errors, row: number, field: string, message: string) => {
  const list = errors.get(row) ?? [];
  if (!list.some((e) => e.field === field && e.message === message)) list.push({ field, message });
  errors.set(row, list);
};

/** Parses one cell with its parser, recording a CellError on the row and column. */
function cell<T>(
  errors: Errors,
  row: SourceRow,
  field: ImportField,
  parse: (v: SheetCell) => T | undefined,
): T | undefined {
  try {
    return parse(row.values[field] ?? null);
  } catch (e) {
    if (e instanceof CellError) {
      addError(errors, row.row, header(field), e.message);
      return undefined;
    }
    throw e;
  }
}

const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

function customerOf(first: SourceRow, errors: Errors): Record<string, unknown> | undefined {
  const v = first.values;
  const nif = text(v.customerNif ?? null);
  const name = text(v.customerName ?? null);
  const countryRaw = text(v.customerCountry ?? null).toUpperCase();
  if (!nif && !name) return undefined;
  if (countryRaw && !ISO_COUNTRIES.has(countryRaw)) {
    addError(
      errors,
      first.row,
      header('customerCountry'),
      'El país debe ser un código ISO de dos letras (ES, FR, PT…).',
    );
  }
  const country = countryRaw && ISO_COUNTRIES.has(countryRaw) ? countryRaw : 'ES';
  const id =
    !nif || country === 'ES'
      ? { nif: nif || undefined }
      : { idOtro: { type: isEuCountry(country) ? 'NIF_IVA' : 'OTHER_ID', value: nif, country } };
  return compact({
    ...id,
    name,
    address: text(v.customerAddress ?? null),
    postalCode: text(v.customerPostalCode ?? null),
    city: text(v.customerCity ?? null),
    country,
  });
}

const INVOICE_LEVEL = IMPORT_COLUMNS.filter((c) => c.invoiceLevel && c.field !== 'invoiceRef').map(
  (c) => c.field,
);

function invoiceBody(rows: SourceRow[], errors: Errors): Record<string, unknown> {
  const first = rows[0]!;
  // Invoice-level values come from the first row; a later row that says otherwise is an error.
  for (const r of rows.slice(1)) {
    for (const f of INVOICE_LEVEL) {
      const a = text(first.values[f] ?? null);
      const b = text(r.values[f] ?? null);
      if (b !== '' && a !== b) {
        addError(
          errors,
          r.row,
          header(f),
          'No coincide con la primera fila de la factura (misma referencia).',
        );
      }
    }
  }
  const invoiceType = text(first.values.invoiceType ?? null).toUpperCase() || 'F1';
  const irpf = cell(errors, first, 'irpfPercent', bpOf);
  const lines = rows.map((r) => {
    const reverse = cell(errors, r, 'reverseCharge', boolOf);
    return compact({
      description: text(r.values.description ?? null),
      quantity: cell(errors, r, 'quantity', quantityOf) ?? 1,
      unitPriceCents: cell(errors, r, 'unitPrice', centsOf),
      discountBp: cell(errors, r, 'discountPercent', bpOf),
      vatRateBp: cell(errors, r, 'vatRatePercent', bpOf),
      exemptionCause: cell(errors, r, 'exemptionCause', (v) =>
        codeOf(
          v,
          ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'],
          'La causa de exención debe ser E1, E2, E3, E4, E5 o E6.',
        ),
      ),
      notSubject: cell(errors, r, 'notSubject', (v) =>
        codeOf(v, ['N1', 'N2'], 'La no sujeción debe ser N1 o N2.'),
      ),
      reverseCharge: reverse ? true : undefined,
    });
  });
  return compact({
    invoiceType,
    invoiceDate: cell(errors, first, 'invoiceDate', dateOf),
    operationDate: cell(errors, first, 'operationDate', dateOf),
    dueDate: cell(errors, first, 'dueDate', dateOf),
    paymentMethod: cell(errors, first, 'paymentMethod', paymentMethodOf),
    customer: customerOf(first, errors),
    invoiceLines: lines,
    irpfRateBp: irpf ? irpf : undefined,
    notes: text(first.values.notes ?? null) || undefined,
  });
}

const zodPath = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');

export interface ValidationContext {
  companyId: string;
  now: string;
  /** The company's active customers by `taxIdKey`: an invoice to one of them is linked to it. */
  customers?: ReadonlyMap<string, Customer>;
}

/** The company's customers an import links to, by tax id (active ones only). */
export const customersByTaxId = (customers: Customer[]): Map<string, Customer> =>
  new Map(customers.filter((c) => c.isActive).map((c) => [taxIdKey(c.taxId), c]));

/**
 * Validates every row. An invoice is valid when all its rows are; its body is what POST /invoices
 * accepts and `buildDraft` turns into a draft without refusal. An invoice whose NIF is a stored
 * customer's gets its `customerId` (so its VAT treatment, e.g. recargo de equivalencia, applies and
 * the customer filter finds it); the file's name and address still go on the invoice.
 */
export function validateRows(rows: SourceRow[], ctx: ValidationContext): ImportValidation {
  const groups = new Map<string, SourceRow[]>();
  for (const r of rows) {
    const ref = text(r.values.invoiceRef ?? null) || `fila-${r.row}`;
    const g = groups.get(ref);
    if (g) g.push(r);
    else groups.set(ref, [r]);
  }
  const errors: Errors = new Map();
  const refOfRow = new Map<number, string>();
  const invoices: PlannedInvoice[] = [];
  for (const [invoiceRef, group] of groups) {
    const rowNumbers = group.map((r) => r.row);
    for (const n of rowNumbers) refOfRow.set(n, invoiceRef);
    const before = rowNumbers.reduce((n, r) => n + (errors.get(r)?.length ?? 0), 0);
    const body = invoiceBody(group, errors);
    const cellErrors = rowNumbers.reduce((n, r) => n + (errors.get(r)?.length ?? 0), 0) - before;
    let totalCents: number | null = null;
    const parsed = CreateInvoiceBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = locate(zodPath(issue), rowNumbers);
        // A cell that did not parse already explains its missing value.
        const dup = (errors.get(where.row) ?? []).some((e) => e.field === where.field);
        if (!dup) addError(errors, where.row, where.field, issue.message);
      }
    } else if (cellErrors === 0) {
      const taxId = parsed.data.customer?.taxId;
      const stored = taxId ? ctx.customers?.get(taxIdKey(taxId)) : undefined;
      if (stored) body.customerId = stored.customerId;
      try {
        const draft = buildDraft({
          invoiceId: 'import-check',
          companyId: ctx.companyId,
          body: stored ? { ...parsed.data, customerId: stored.customerId } : parsed.data,
          customer: stored,
          now: ctx.now,
        });
        totalCents = draft.totals.totalCents;
      } catch (e) {
        if (!isAppError(e)) throw e;
        const where = locate(e.field ?? '', rowNumbers);
        addError(errors, where.row, where.field, e.message);
      }
    }
    const ok = rowNumbers.every((r) => !errors.get(r)?.length);
    invoices.push({
      invoiceRef,
      rows: rowNumbers,
      ok,
      body: ok ? body : null,
      totalCents: ok ? totalCents : null,
    });
  }
  const report: ImportRowReport[] = rows.map((r) => {
    const errs = errors.get(r.row) ?? [];
    return { row: r.row, invoiceRef: refOfRow.get(r.row)!, ok: errs.length === 0, errors: errs };
  });
  const validRows = report.filter((r) => r.ok).length;
  const validInvoices = invoices.filter((i) => i.ok).length;
  return {
    report,
    invoices,
    counts: {
      rows: rows.length,
      validRows,
      invalidRows: rows.length - validRows,
      invoices: invoices.length,
      validInvoices,
      invalidInvoices: invoices.length - validInvoices,
    },
  };
}
