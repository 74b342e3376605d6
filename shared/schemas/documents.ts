/**
 * Contracts of the documents domain (issue 17; spec part 2 "Upload", "Document statuses", "Document
 * service", §5 Documents and uploads; part 3 Document alert, client uploads): what is uploaded, how it
 * is read (structured first: e-invoice, VeriFacTu QR, the PDF's text layer, then OCR) and what the
 * reading found (`Extraction`), the same shape whatever the source.
 *
 * Pure: the web validates uploads with the same limits and shows the same labels.
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import { safeMultiline, safeText } from './text';

// --- limits (spec part 2 §5, part 3 §5) --------------------------------------------------------

/** 50 MB per file (spec: "Maximum 50 MB per file"). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** Multipart uploads through the API (API Gateway refuses bodies over 10 MB): bigger files go presigned. */
export const MAX_MULTIPART_DOCUMENT_BYTES = 6 * 1024 * 1024;
/** Files per batch upload. */
export const MAX_BATCH_FILES = 20;

/**
 * What a file may be, by purpose: documents to be read (invoices, receipts) are PDF, JPEG, PNG, or an
 * e-invoice XML (Facturae, UBL, CII); documents only sent to the gestoría may also be Office files.
 * The extension and declared type are only a first filter: the worker checks the bytes (DOC_041).
 */
export const READABLE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'xml', 'xsig'] as const;
export const SENDING_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const CONTENT_TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  xml: 'application/xml',
  xsig: 'application/xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The spec's messages (part 2 §5). `size` is written like "50 MB". */
export const tooLargeMessage = (file: string, size = '50 MB'): string =>
  `El archivo "${file}" es demasiado grande. Máximo: ${size}`;
export const invalidTypeMessage = (file: string): string => `"${file}" no es un tipo válido`;

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

// --- types and statuses ------------------------------------------------------------------------

export const DOCUMENT_TYPES = [
  'INVOICE',
  'RECEIPT',
  'CONTRACT',
  'PAYROLL',
  'BANK_STATEMENT',
  'TAX',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Types whose reading becomes a received-invoice draft. */
export const INVOICE_DOCUMENT_TYPES: readonly DocumentType[] = ['INVOICE', 'RECEIPT'];

/**
 * The spec's document statuses (part 2 §3), and what each means here:
 *  - UPLOADING: the item exists, the bytes have not arrived (presigned upload under way);
 *  - OCR_PENDING: the bytes passed the content checks and wait in the `ocr` queue;
 *  - OCR_PROCESSING: being read;
 *  - OCR_RETRY_SCHEDULED: a transient failure (engine busy, Textract throttled) or an asynchronous
 *    Textract job being waited for: it will be read again without anyone doing anything;
 *  - OCR_COMPLETED: read; no draft wanted (not an invoice type, or autoOcr off and read on demand);
 *  - OCR_COMPLETED_PENDING: read, but the draft waits for a person: it repeats an invoice already
 *    booked (`duplicateOf`), never booked twice;
 *  - INVOICE_CREATED: a received-invoice draft with every required field exists (`receivedInvoiceId`);
 *  - INVOICE_INCOMPLETE: a draft exists but fields are missing or do not add up (review it);
 *  - INVOICE_ERROR: the reading could not become a draft (the expenses domain refused it);
 *  - OCR_FAILED: nothing could be read after the retries (DOC_043);
 *  - TECHNICAL_ERROR: an unexpected failure after the retries (dead-lettered, found by the sweep);
 *  - COMPLETED: stored without reading (autoOcr false, or a document only sent to the gestoría);
 *  - FAILED: refused by its content (DOC_041 / DOC_042: `rejection`) or cancelled by the uploader.
 */
export const DOCUMENT_STATUSES = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
  'OCR_COMPLETED',
  'OCR_COMPLETED_PENDING',
  'INVOICE_CREATED',
  'INVOICE_INCOMPLETE',
  'INVOICE_ERROR',
  'OCR_FAILED',
  'TECHNICAL_ERROR',
  'COMPLETED',
  'FAILED',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Statuses in which nothing more happens without a person. */
export const FINAL_DOCUMENT_STATUSES: readonly DocumentStatus[] = [
  'OCR_COMPLETED',
  'OCR_COMPLETED_PENDING',
  'INVOICE_CREATED',
  'INVOICE_INCOMPLETE',
  'INVOICE_ERROR',
  'OCR_FAILED',
  'TECHNICAL_ERROR',
  'COMPLETED',
  'FAILED',
];

/** Where a document came from. */
export const DOCUMENT_ORIGINS = ['UPLOAD', 'CLIENT_UPLOAD', 'EMAIL', 'IMAP'] as const;
export type DocumentOrigin = (typeof DOCUMENT_ORIGINS)[number];

/** Which engine read it (cost per page is kept per engine: ai-metrics). */
export const READING_ENGINES = ['EINVOICE', 'QR', 'PDF_TEXT', 'TESSERACT', 'TEXTRACT'] as const;
export type ReadingEngine = (typeof READING_ENGINES)[number];

// --- the extraction (issue 17 item 2: this exact shape) ------------------------------------------

export const EXTRACTION_SOURCES = ['EINVOICE', 'QR', 'TEXT', 'OCR'] as const;
export type ExtractionSource = (typeof EXTRACTION_SOURCES)[number];

/** The fields a confidence is given for (0..1 each). */
export const EXTRACTION_FIELDS = [
  'supplierName',
  'supplierNif',
  'customerName',
  'customerNif',
  'invoiceNumber',
  'issueDate',
  'bases',
  'recargo',
  'irpf',
  'totalCents',
  'currency',
] as const;
export type ExtractionField = (typeof EXTRACTION_FIELDS)[number];

export interface ExtractionBase {
  /** VAT (or IGIC/IPSI) rate in basis points: 2100 = 21 %; 0 for exempt / not subject / reverse charge. */
  rateBp: number;
  baseCents: number;
  quotaCents: number;
}
export interface ExtractionRecargo {
  rateBp: number;
  quotaCents: number;
}
export interface ExtractionIrpf {
  rateBp: number;
  /** The withheld amount, positive (it is subtracted from the total). */
  amountCents: number;
}

/**
 * What was read from an invoice. NIFs uppercase without spaces, dashes or the ES prefix (a foreign
 * VAT number keeps its country prefix); names are the legal name printed beside the tax id, not the
 * trade name; dates ISO `YYYY-MM-DD`; amounts in céntimos. A field that could not be read is null
 * (bases/recargo empty) with confidence 0.
 */
export interface Extraction {
  supplierName: string | null;
  supplierNif: string | null;
  customerName: string | null;
  customerNif: string | null;
  invoiceNumber: string | null;
  issueDate: string | null;
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
  irpf: ExtractionIrpf | null;
  totalCents: number | null;
  /** ISO 4217, 'EUR' unless the document says otherwise. */
  currency: string;
  confidence: Partial<Record<ExtractionField, number>>;
  /** The most exact source that gave the fields (QR when a VeriFacTu QR confirmed them). */
  source: ExtractionSource;
}

/** What the reading also reports beside the extraction (not part of the judged shape). */
export interface ExtractionNotes {
  /** Σ bases + Σ quotas + Σ recargo − IRPF = total, to the cent. */
  arithmeticOk: boolean;
  /** Every base × rate = its quota (± 1 cent per base, the rounding the law allows per line). */
  quotasOk: boolean;
  /** Exempt / intra-EU / reverse-charge mentions found (e.g. 'EXEMPT', 'REVERSE_CHARGE', 'INTRA_EU'). */
  mentions: string[];
  /** Per field, which source gave it. */
  fieldSources: Partial<Record<ExtractionField, ExtractionSource>>;
  /** A VeriFacTu QR read on the page: its URL and whether the page's own figures agreed with it. */
  qr: { url: string; agrees: boolean } | null;
  /** Human-readable problems for the reviewer, in Spanish. */
  warnings: string[];
}

const Cents = z.number().int();
const RateBp = z.number().int().min(0).max(10_000);
const NifText = z
  .string()
  .trim()
  .max(20)
  .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''));

/** The extraction as a reviewer corrects it (approve with corrections; all fields optional). */
export const ExtractionCorrection = z
  .object({
    supplierName: safeText().max(200).nullable().optional(),
    supplierNif: NifText.nullable().optional(),
    customerName: safeText().max(200).nullable().optional(),
    customerNif: NifText.nullable().optional(),
    invoiceNumber: safeText().max(60).nullable().optional(),
    issueDate: z.iso.date({ message: 'La fecha debe tener el formato AAAA-MM-DD.' }).nullable().optional(),
    bases: z
      .array(z.object({ rateBp: RateBp, baseCents: Cents, quotaCents: Cents }).strict())
      .max(20)
      .optional(),
    recargo: z
      .array(z.object({ rateBp: RateBp, quotaCents: Cents }).strict())
      .max(20)
      .optional(),
    irpf: z.object({ rateBp: RateBp, amountCents: Cents }).strict().nullable().optional(),
    totalCents: Cents.nullable().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
  })
  .strict();
export type ExtractionCorrection = z.infer<typeof ExtractionCorrection>;

// --- the document -------------------------------------------------------------------------------

export interface DocumentRejection {
  /** DOC_041 (not what it claims to be, hostile, empty, truncated) or DOC_042 (too large). */
  code: 'DOC_041' | 'DOC_042';
  /** Why, in Spanish (e.g. 'El PDF contiene JavaScript.'). */
  reason: string;
}

export const REVIEW_STATUSES = ['NOT_REQUIRED', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface DocumentReview {
  status: ReviewStatus;
  /** Shown first in the advisor's list: a client asked for it, or the reading is unsure. */
  urgent: boolean;
  notes: string | null;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  /** Fields the reviewer changed (accuracy: approved unchanged vs corrected). */
  correctedFields: ExtractionField[];
}

/** GET /documents/{documentId}: the document's details. */
export interface DocumentDetails {
  documentId: string;
  /** The id the uploader follows progress by (status calls, WebSocket). */
  uploadId: string;
  companyId: string;
  fileName: string;
  /** The type its bytes proved (null until checked). */
  contentType: string | null;
  sizeBytes: number | null;
  /** SHA-256 of the bytes, hex (the same file twice is recognised). */
  sha256: string | null;
  documentType: DocumentType;
  autoOcr: boolean;
  status: DocumentStatus;
  origin: DocumentOrigin;
  /** The smart-inbox mail it came in (origin EMAIL/IMAP). */
  inboxEmailId: string | null;
  uploadedBy: string | null;
  description: string | null;
  categoryId: string | null;
  isConfidential: boolean;
  requiresAdvisorReview: boolean;
  priority: 'NORMAL' | 'HIGH';
  pages: number | null;
  engine: ReadingEngine | null;
  extraction: Extraction | null;
  notes: ExtractionNotes | null;
  rejection: DocumentRejection | null;
  /** The last failure (code, Spanish message, whether it will be retried). */
  error: { code: string; message: string; retryable: boolean } | null;
  attempts: number;
  receivedInvoiceId: string | null;
  /** The received invoice this one repeats (same issuer NIF + number + date). */
  duplicateOf: { receivedInvoiceId: string; documentId: string | null } | null;
  review: DocumentReview;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  /** Milliseconds the reading took (all engines). */
  processingMs: number | null;
}

/** A row of the documents list (details without the extraction's detail). */
export type DocumentSummary = Omit<DocumentDetails, 'notes'>;

/** GET /documents/status/{uploadId} and POST /documents/status/batch. */
export interface DocumentUploadStatus {
  uploadId: string;
  documentId: string;
  fileName: string;
  status: DocumentStatus;
  /** 0..100 through the stages: uploaded 10, checked 20, reading 50, read 80, drafted 100. */
  progress: number;
  receivedInvoiceId: string | null;
  rejection: DocumentRejection | null;
  error: { code: string; message: string; retryable: boolean } | null;
}

/** What the upload WebSocket pushes to the uploader at every step (`type: 'document_progress'`). */
export interface DocumentProgressMessage extends DocumentUploadStatus {
  type: 'document_progress';
  companyId: string;
}

// --- requests -----------------------------------------------------------------------------------

const BoolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** The text fields of a multipart upload (the file comes apart). */
export const UploadFields = z.object({
  documentType: z.enum(DOCUMENT_TYPES).default('INVOICE'),
  autoOcr: BoolText.default(true),
  /** The browser's own id for the upload (to follow it before the answer arrives); one is made if absent. */
  uploadId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  description: safeMultiline().max(1000).optional(),
  categoryId: Id.optional(),
  requiresAdvisorReview: BoolText.default(false),
  isConfidential: BoolText.default(false),
  priority: z.enum(['NORMAL', 'HIGH']).default('NORMAL'),
  /** READ: invoices and receipts to be read; SEND: documents only sent to the gestoría (Office allowed). */
  purpose: z.enum(['READ', 'SEND']).default('READ'),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** POST /documents/upload-url: a presigned POST that enforces type and size. */
export const PresignUploadBody = UploadFields.extend({
  fileName: safeText().min(1).max(200),
  contentType: z.string().max(120),
  sizeBytes: z.number().int().min(1),
}).strict();
export type PresignUploadBody = z.infer<typeof PresignUploadBody>;

export interface PresignedUpload {
  uploadId: string;
  documentId: string;
  /** POST the form to this URL with `fields` first and the file last. */
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

export const DocumentListQuery = PageQuery.extend({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  origin: z.enum(DOCUMENT_ORIGINS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sortBy: z.enum(['createdAt', 'fileName', 'status']).default('createdAt'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

export const DocumentPath = z.object({ documentId: Id });
export const UploadIdPath = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
export const StatusBatchBody = z.object({ uploadIds: z.array(z.string().max(64)).min(1).max(100) }).strict();

export const OCR_STATISTICS_PERIODS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export const OcrStatisticsQuery = z.object({ period: z.enum(OCR_STATISTICS_PERIODS).default('MONTH') });

/** GET /documents/ocr-statistics. */
export interface OcrStatistics {
  period: (typeof OCR_STATISTICS_PERIODS)[number];
  from: string;
  to: string;
  totalDocuments: number;
  byStatus: Partial<Record<DocumentStatus, number>>;
  bySource: Partial<Record<ExtractionSource, number>>;
  invoicesCreated: number;
  incomplete: number;
  failed: number;
  rejected: number;
  duplicates: number;
  averageConfidence: number | null;
  averageProcessingMs: number | null;
  pages: number;
  /** Share of read documents that became a complete draft without a person (0..1). */
  straightThroughRate: number | null;
}

/** Spanish labels of the statuses (list and badges). */
export const DOCUMENT_STATUS_LABELS: Readonly<Record<DocumentStatus, string>> = {
  UPLOADING: 'Subiendo',
  OCR_PENDING: 'En cola de lectura',
  OCR_PROCESSING: 'Leyendo',
  OCR_RETRY_SCHEDULED: 'Reintento programado',
  OCR_COMPLETED: 'Leído',
  OCR_COMPLETED_PENDING: 'Leído: posible duplicado',
  INVOICE_CREATED: 'Factura creada',
  INVOICE_INCOMPLETE: 'Factura incompleta',
  INVOICE_ERROR: 'Error al crear la factura',
  OCR_FAILED: 'Error de lectura',
  TECHNICAL_ERROR: 'Error técnico',
  COMPLETED: 'Completado',
  FAILED: 'Rechazado',
};

export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  INVOICE: 'Factura',
  RECEIPT: 'Ticket / recibo',
  CONTRACT: 'Contrato',
  PAYROLL: 'Nómina',
  BANK_STATEMENT: 'Extracto bancario',
  TAX: 'Documento fiscal',
  OTHER: 'Otro',
};
