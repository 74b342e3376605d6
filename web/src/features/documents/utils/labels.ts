/** Spanish labels and colours of the documents pages (the statuses' labels live in the schema). */
import type {
  DocumentOrigin,
  DocumentStatus,
  ExtractionField,
  ExtractionSource,
  ReadingEngine,
} from '@shared/schemas/documents';

export const ORIGIN_LABELS: Readonly<Record<DocumentOrigin, string>> = {
  UPLOAD: 'Subida',
  CLIENT_UPLOAD: 'Subida por el cliente',
  EMAIL: 'Correo (buzón)',
  IMAP: 'Correo (IMAP)',
};

export const SOURCE_LABELS: Readonly<Record<ExtractionSource, string>> = {
  EINVOICE: 'Factura electrónica',
  QR: 'Código QR VeriFactu',
  TEXT: 'Texto del PDF',
  OCR: 'OCR',
};

export const ENGINE_LABELS: Readonly<Record<ReadingEngine, string>> = {
  EINVOICE: 'Factura electrónica (XML)',
  QR: 'QR VeriFactu',
  PDF_TEXT: 'Texto del PDF',
  TESSERACT: 'Tesseract (OCR)',
  TEXTRACT: 'Amazon Textract (OCR)',
};

export const FIELD_LABELS: Readonly<Record<ExtractionField, string>> = {
  supplierName: 'Proveedor',
  supplierNif: 'NIF del proveedor',
  customerName: 'Cliente',
  customerNif: 'NIF del cliente',
  invoiceNumber: 'Número de factura',
  issueDate: 'Fecha de expedición',
  bases: 'Bases e IVA',
  recargo: 'Recargo de equivalencia',
  irpf: 'Retención IRPF',
  totalCents: 'Total',
  currency: 'Moneda',
};

export function statusColor(status: DocumentStatus): string {
  switch (status) {
    case 'INVOICE_CREATED':
    case 'OCR_COMPLETED':
    case 'COMPLETED':
      return 'green';
    case 'INVOICE_INCOMPLETE':
    case 'OCR_COMPLETED_PENDING':
    case 'OCR_RETRY_SCHEDULED':
      return 'orange';
    case 'INVOICE_ERROR':
    case 'OCR_FAILED':
    case 'TECHNICAL_ERROR':
    case 'FAILED':
      return 'red';
    default:
      return 'blue';
  }
}

/** 0.934 → '93 %'; null → '—'. */
export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${Math.round(value * 100)} %`;

/** The confidence colour (spec part 3 §4 metric colour: ≥ 80 good, ≥ 60 warning, otherwise bad). */
export const confidenceColor = (value: number | null | undefined): string =>
  value === null || value === undefined
    ? 'default'
    : value >= 0.8
      ? 'green'
      : value >= 0.6
        ? 'orange'
        : 'red';

/** The mean confidence of the fields read, or null when none. */
export function meanConfidence(
  confidence: Partial<Record<ExtractionField, number>> | undefined,
): number | null {
  const values = Object.values(confidence ?? {}).filter((v): v is number => typeof v === 'number');
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Documents that may still be cancelled (nothing read yet). */
export const CANCELLABLE: readonly DocumentStatus[] = ['UPLOADING', 'OCR_PENDING', 'OCR_RETRY_SCHEDULED'];
/** Documents that may be read again. */
export const REPROCESSABLE: readonly DocumentStatus[] = [
  'OCR_COMPLETED',
  'OCR_COMPLETED_PENDING',
  'INVOICE_INCOMPLETE',
  'INVOICE_ERROR',
  'OCR_FAILED',
  'TECHNICAL_ERROR',
  'COMPLETED',
];
