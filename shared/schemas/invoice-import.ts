/**
 * Contracts of the invoice import/export (issue 4, item 10): the columns of the import template
 * (headers, the Spanish/English aliases auto-mapping accepts, help for the "Instrucciones" sheet),
 * the upload, execute and export bodies, and the import batch as the API returns it. Pure.
 */

import * as z from 'zod';
import { Id } from './common';
import { InvoiceListQuery } from './invoices';
import { safeText } from './text';

// --- import template columns ------------------------------------------------------------------

export const IMPORT_FIELDS = [
  'invoiceRef',
  'invoiceType',
  'invoiceDate',
  'operationDate',
  'dueDate',
  'paymentMethod',
  'customerNif',
  'customerName',
  'customerAddress',
  'customerPostalCode',
  'customerCity',
  'customerCountry',
  'description',
  'quantity',
  'unitPrice',
  'discountPercent',
  'vatRatePercent',
  'exemptionCause',
  'notSubject',
  'reverseCharge',
  'irpfPercent',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export interface ImportColumn {
  field: ImportField;
  /** The template's header (auto-mapping recognises it exactly). */
  header: string;
  /** Other headers (Spanish and English) mapped to this field. */
  aliases: string[];
  required: boolean;
  /** The same value on every row of an invoice (taken from its first row). */
  invoiceLevel: boolean;
  example: string | number;
  help: string;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'invoiceRef',
    header: 'Referencia',
    aliases: ['ref', 'reference', 'referencia factura', 'numero externo', 'external number', 'id factura'],
    required: false,
    invoiceLevel: true,
    example: 'A-001',
    help: 'Identificador de la factura en tu archivo. Las filas con la misma referencia forman una sola factura con varias líneas. Si se deja vacía, cada fila es una factura.',
  },
  {
    field: 'invoiceType',
    header: 'Tipo de factura',
    aliases: ['tipo', 'tipo factura', 'invoice type', 'type'],
    required: false,
    invoiceLevel: true,
    example: 'F1',
    help: 'F1 (completa, por defecto), F2 (simplificada) o F3 (sustitutiva de simplificadas).',
  },
  {
    field: 'invoiceDate',
    header: 'Fecha',
    aliases: [
      'fecha factura',
      'fecha de factura',
      'fecha expedicion',
      'fecha de expedicion',
      'invoice date',
      'date',
    ],
    required: true,
    invoiceLevel: true,
    example: '2026-03-15',
    help: 'Fecha de expedición: celda de fecha de Excel, DD/MM/AAAA o AAAA-MM-DD.',
  },
  {
    field: 'operationDate',
    header: 'Fecha de operación',
    aliases: ['fecha operacion', 'operation date'],
    required: false,
    invoiceLevel: true,
    example: '',
    help: 'Solo si es distinta de la fecha de expedición. Mismo formato que la fecha.',
  },
  {
    field: 'dueDate',
    header: 'Vencimiento',
    aliases: ['fecha vencimiento', 'fecha de vencimiento', 'due date'],
    required: false,
    invoiceLevel: true,
    example: '2026-04-14',
    help: 'Fecha de vencimiento del cobro; no puede ser anterior a la fecha de la factura.',
  },
  {
    field: 'paymentMethod',
    header: 'Forma de pago',
    aliases: ['metodo de pago', 'forma pago', 'payment method'],
    required: false,
    invoiceLevel: true,
    example: 'Transferencia',
    help: 'Transferencia, Domiciliación, Tarjeta, Efectivo u Otro. El efectivo está limitado a menos de 1.000 € (Ley 11/2021).',
  },
  {
    field: 'customerNif',
    header: 'NIF cliente',
    aliases: ['nif', 'cif', 'nif/cif', 'nif del cliente', 'customer tax id', 'tax id', 'vat number'],
    required: false,
    invoiceLevel: true,
    example: '12345678Z',
    help: 'NIF, NIE o CIF del cliente (con letra de control correcta). Obligatorio en facturas F1 y F3. Para un cliente extranjero indica su NIF-IVA o identificador y el país.',
  },
  {
    field: 'customerName',
    header: 'Nombre cliente',
    aliases: ['cliente', 'nombre', 'razon social', 'nombre del cliente', 'customer', 'customer name'],
    required: false,
    invoiceLevel: true,
    example: 'Ferretería López SL',
    help: 'Nombre o razón social del cliente. Obligatorio si se indica el NIF.',
  },
  {
    field: 'customerAddress',
    header: 'Dirección',
    aliases: ['direccion cliente', 'domicilio', 'address'],
    required: false,
    invoiceLevel: true,
    example: 'Calle Mayor 1',
    help: 'Domicilio del cliente.',
  },
  {
    field: 'customerPostalCode',
    header: 'Código postal',
    aliases: ['cp', 'postal code', 'zip'],
    required: false,
    invoiceLevel: true,
    example: '28013',
    help: 'Código postal del cliente.',
  },
  {
    field: 'customerCity',
    header: 'Ciudad',
    aliases: ['poblacion', 'localidad', 'municipio', 'city'],
    required: false,
    invoiceLevel: true,
    example: 'Madrid',
    help: 'Población del cliente.',
  },
  {
    field: 'customerCountry',
    header: 'País',
    aliases: ['pais cliente', 'country'],
    required: false,
    invoiceLevel: true,
    example: 'ES',
    help: 'Código ISO de dos letras (ES por defecto).',
  },
  {
    field: 'description',
    header: 'Descripción',
    aliases: ['concepto', 'descripcion linea', 'detalle', 'description', 'item'],
    required: true,
    invoiceLevel: false,
    example: 'Reparación de caldera',
    help: 'Concepto de la línea.',
  },
  {
    field: 'quantity',
    header: 'Cantidad',
    aliases: ['unidades', 'uds', 'quantity', 'qty'],
    required: false,
    invoiceLevel: false,
    example: 2,
    help: 'Número positivo con hasta 3 decimales (1 si se deja vacío).',
  },
  {
    field: 'unitPrice',
    header: 'Precio unitario',
    aliases: ['precio', 'importe unitario', 'precio sin iva', 'unit price', 'price'],
    required: true,
    invoiceLevel: false,
    example: 100.5,
    help: 'Precio por unidad en euros, sin IVA, con hasta 2 decimales (100,50 o 100.50).',
  },
  {
    field: 'discountPercent',
    header: 'Descuento %',
    aliases: ['descuento', 'dto', 'dto %', 'discount', 'discount %'],
    required: false,
    invoiceLevel: false,
    example: 0,
    help: 'Porcentaje de descuento de la línea, de 0 a 100.',
  },
  {
    field: 'vatRatePercent',
    header: 'Tipo IVA %',
    aliases: ['iva', 'iva %', 'tipo iva', 'tipo de iva', 'vat', 'vat %', 'vat rate'],
    required: true,
    invoiceLevel: false,
    example: 21,
    help: 'Tipo de IVA: 21, 10, 4 o 0 (y los tipos temporales vigentes en la fecha). 0 en líneas exentas, no sujetas o con inversión del sujeto pasivo.',
  },
  {
    field: 'exemptionCause',
    header: 'Causa de exención',
    aliases: ['exencion', 'causa exencion', 'exemption', 'exemption cause'],
    required: false,
    invoiceLevel: false,
    example: '',
    help: 'Solo en líneas exentas: E1 (art. 20), E2 (art. 21, exportaciones), E3 (art. 22), E4 (arts. 23 y 24), E5 (art. 25, entregas intracomunitarias) o E6 (otras).',
  },
  {
    field: 'notSubject',
    header: 'No sujeta',
    aliases: ['no sujeto', 'not subject'],
    required: false,
    invoiceLevel: false,
    example: '',
    help: 'Solo en líneas no sujetas: N1 (arts. 7 y 14 u otros) o N2 (reglas de localización).',
  },
  {
    field: 'reverseCharge',
    header: 'Inversión del sujeto pasivo',
    aliases: ['isp', 'inversion sujeto pasivo', 'reverse charge'],
    required: false,
    invoiceLevel: false,
    example: 'No',
    help: 'Sí o No (por defecto No).',
  },
  {
    field: 'irpfPercent',
    header: 'Retención IRPF %',
    aliases: ['irpf', 'irpf %', 'retencion', 'retencion %', 'withholding'],
    required: false,
    invoiceLevel: true,
    example: 0,
    help: 'Porcentaje de retención de IRPF de la factura (15, 7, 19, 1, 2…); vacío o 0 si no hay.',
  },
  {
    field: 'notes',
    header: 'Notas',
    aliases: ['observaciones', 'comentarios', 'notes', 'comments'],
    required: false,
    invoiceLevel: true,
    example: '',
    help: 'Texto libre que aparece en la factura (hasta 2.000 caracteres).',
  },
];

export const importColumn = (f: ImportField): ImportColumn => IMPORT_COLUMNS.find((c) => c.field === f)!;

/** Invoice-level limits of one import. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;

// --- requests -------------------------------------------------------------------------------------

export const IMPORT_INVOICE_KINDS = ['ISSUED', 'RECEIVED'] as const;

/** Column header of the file -> field (null ignores the column); overrides the auto-mapping. */
export const ImportMapping = z.record(safeText().min(1).max(200), z.enum(IMPORT_FIELDS).nullable());
export type ImportMapping = z.infer<typeof ImportMapping>;

/**
 * A multipart upload (spec part 2 §7: "multipart files, or file with mappingConfig") reaches the
 * action as `{ file: { fileName, contentBase64, ... }, mappingConfig?, invoiceType? }` (see
 * functions/platform/multipart.ts): flattened here to the JSON contract, one file per import.
 */
function fromMultipart(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { file, files, ...rest } = value as Record<string, unknown>;
  const sent = file ?? files;
  if (sent === undefined) return value;
  const list = Array.isArray(sent) ? sent : [sent];
  if (list.length !== 1) return { ...rest, files: list.length, fileName: undefined };
  const one = list[0] as { fileName?: unknown; contentBase64?: unknown };
  return { ...rest, fileName: one.fileName, contentBase64: one.contentBase64 };
}

export const ImportUploadBody = z.preprocess(
  fromMultipart,
  z
    .object({
      fileName: safeText().min(1, { message: 'Indica el nombre del archivo.' }).max(200),
      contentBase64: z
        .string()
        .min(1, { message: 'El archivo está vacío.' })
        // 4/3 of the byte limit, plus padding.
        .max(Math.ceil((MAX_IMPORT_FILE_BYTES * 4) / 3) + 4, { message: 'El archivo supera los 5 MB.' })
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'El contenido no está en base64.' }),
      invoiceType: z.enum(IMPORT_INVOICE_KINDS).default('ISSUED'),
      mapping: ImportMapping.optional(),
      mappingConfig: ImportMapping.optional(),
      /** Set by the multipart flattening when several files were sent: refused, one file per import. */
      files: z.never({ message: 'Sube un solo archivo por importación.' }).optional(),
    })
    .strict(),
);
export type ImportUploadBody = z.infer<typeof ImportUploadBody>;

export const ImportTemplateQuery = z.object({
  invoiceType: z.enum(IMPORT_INVOICE_KINDS).default('ISSUED'),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type ImportTemplateQuery = z.infer<typeof ImportTemplateQuery>;

export const ImportBatchPath = z.object({ batchId: Id });
export type ImportBatchPath = z.infer<typeof ImportBatchPath>;

export const ImportExecuteBody = z
  .object({
    /** Create and confirm each invoice (numbered in `series` or the default one); drafts otherwise. */
    confirm: z.boolean().default(false),
    series: safeText().min(1).max(64).optional(),
    /** Import the valid invoices and leave out the invalid ones; without it any invalid row refuses. */
    skipInvalid: z.boolean().default(false),
  })
  .strict()
  .default({ confirm: false, skipInvalid: false });
export type ImportExecuteBody = z.infer<typeof ImportExecuteBody>;

// --- export ---------------------------------------------------------------------------------------

export const EXPORT_COLUMNS = [
  'number',
  'series',
  'date',
  'type',
  'customer',
  'nif',
  'base',
  'vat',
  'recargo',
  'irpf',
  'total',
  'status',
  'paymentStatus',
  'dueDate',
  'siiStatus',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_HEADERS: Record<ExportColumn, string> = {
  number: 'Número',
  series: 'Serie',
  date: 'Fecha',
  type: 'Tipo',
  customer: 'Cliente',
  nif: 'NIF',
  base: 'Base imponible',
  vat: 'IVA',
  recargo: 'Recargo',
  irpf: 'IRPF',
  total: 'Total',
  status: 'Estado',
  paymentStatus: 'Estado de cobro',
  dueDate: 'Vencimiento',
  siiStatus: 'Estado SII',
};

/** At most this many invoices per export. */
export const MAX_EXPORT_ROWS = 10_000;

export const ExportInvoicesBody = z
  .object({
    format: z.enum(['xlsx', 'csv']),
    /** The filters of GET /invoices (paging ignored). */
    filters: InvoiceListQuery.optional(),
    columns: z.array(z.enum(EXPORT_COLUMNS)).min(1).max(EXPORT_COLUMNS.length).optional(),
  })
  .strict();
export type ExportInvoicesBody = z.infer<typeof ExportInvoicesBody>;

// --- import batch ---------------------------------------------------------------------------------

export const IMPORT_STATUSES = ['VALIDATED', 'EXECUTING', 'COMPLETED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportRowError {
  /** The column (template header) the problem is in, or `Factura` for the invoice as a whole. */
  field: string;
  message: string;
}

export interface ImportRowReport {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  invoiceRef: string;
  ok: boolean;
  errors: ImportRowError[];
}

export interface ImportCounts {
  rows: number;
  validRows: number;
  invalidRows: number;
  invoices: number;
  validInvoices: number;
  invalidInvoices: number;
}

export interface ImportExecution {
  confirm: boolean;
  series: string | null;
  skipInvalid: boolean;
  requestedAt: string;
  requestedBy: string;
  /** Invoices to create; processed = created + failed. */
  toProcess: number;
  processed: number;
  created: number;
  failed: number;
  completedAt: string | null;
}

export interface ImportResult {
  invoiceRef: string;
  ok: boolean;
  invoiceId: string | null;
  invoiceNumber: string | null;
  message: string | null;
}

export interface ImportBatchView {
  batchId: string;
  companyId: string;
  status: ImportStatus;
  invoiceType: 'ISSUED';
  fileName: string;
  format: 'xlsx' | 'csv';
  createdAt: string;
  createdBy: string;
  counts: ImportCounts;
  /** How each column of the file was mapped (null: ignored). */
  mapping: { column: string; field: ImportField | null }[];
  report: ImportRowReport[];
  execution: ImportExecution | null;
  /** Per-invoice outcome once executing (at most 1.000). */
  results: ImportResult[];
}
