/**
 * A document's life (spec part 2 §3 "Document statuses"; design issue 17 "The pipeline"): which
 * statuses wait for something, how far along each one is for the progress bar, which moves a person
 * may ask for, and whether a reading needs a person's review. Pure.
 */

import type {
  DocumentDetails,
  DocumentStatus,
  DocumentUploadStatus,
  Extraction,
  ReviewStatus,
} from '@shared/schemas/documents';

/** Statuses in which the document waits for the pipeline (the sweep looks after them). */
export const OPEN_STATUSES: readonly DocumentStatus[] = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
];
export const isOpen = (s: DocumentStatus): boolean => OPEN_STATUSES.includes(s);

/** The statuses the reader takes a message in (anything else: cancelled, read, refused). */
export const READABLE_STATUSES: readonly DocumentStatus[] = [
  'OCR_PENDING',
  'OCR_RETRY_SCHEDULED',
  'OCR_PROCESSING',
];

/** A reprocess re-reads from the stored bytes; not while they are arriving or being read. */
export const REPROCESS_REFUSED: readonly DocumentStatus[] = ['UPLOADING', 'OCR_PROCESSING'];
/** A cancel stops what has not started reading. */
export const CANCELLABLE: readonly DocumentStatus[] = ['UPLOADING', 'OCR_PENDING', 'OCR_RETRY_SCHEDULED'];

/** Transient reading failures are retried this many times in all (then OCR_FAILED, DOC_043). */
export const MAX_READ_ATTEMPTS = 3;
/** Delay before attempt n+1 (SQS DelaySeconds, at most 900). */
export const retryDelaySeconds = (attempt: number): number => Math.min(900, 30 * Math.max(1, attempt));
/** A Textract job is asked again after this many seconds while IN_PROGRESS. */
export const TEXTRACT_POLL_SECONDS = 20;
/** Waiting this long in an open status means an event was lost (the sweep acts). */
export const STALE_AFTER_MS = 15 * 60 * 1000;

/** Progress 0..100 (design: uploaded 10, checked 20, reading 50, read 80, drafted 100; final 100). */
export function progressOf(status: DocumentStatus): number {
  switch (status) {
    case 'UPLOADING':
      return 10;
    case 'OCR_PENDING':
      return 20;
    case 'OCR_PROCESSING':
    case 'OCR_RETRY_SCHEDULED':
      return 50;
    default:
      return 100;
  }
}

export function uploadStatusOf(d: DocumentDetails, progress = progressOf(d.status)): DocumentUploadStatus {
  return {
    uploadId: d.uploadId,
    documentId: d.documentId,
    fileName: d.fileName,
    status: d.status,
    progress,
    receivedInvoiceId: d.receivedInvoiceId,
    rejection: d.rejection,
    error: d.error,
  };
}

/** Below this confidence a field is a guess a person should look at. */
export const REVIEW_CONFIDENCE = 0.8;

/**
 * Whether a finished reading needs an advisor (design D1 "review"): the uploader asked for it, the
 * draft is incomplete or could not be made, it repeats a booked invoice, or any field of an invoice
 * reading is unsure. Urgent when the uploader marked it HIGH or the draft is incomplete.
 */
export function reviewAfterReading(
  doc: Pick<DocumentDetails, 'requiresAdvisorReview' | 'priority' | 'documentType'>,
  status: DocumentStatus,
  extraction: Extraction | null,
): { status: ReviewStatus; urgent: boolean } {
  const incomplete = status === 'INVOICE_INCOMPLETE' || status === 'INVOICE_ERROR';
  const unsure =
    extraction !== null &&
    (status === 'INVOICE_CREATED' || incomplete) &&
    Object.values(extraction.confidence).some((c) => typeof c === 'number' && c < REVIEW_CONFIDENCE);
  const pending = doc.requiresAdvisorReview || incomplete || status === 'OCR_COMPLETED_PENDING' || unsure;
  return {
    status: pending ? 'PENDING' : 'NOT_REQUIRED',
    urgent: pending && (doc.priority === 'HIGH' || incomplete),
  };
}

/** New time-ordered id: 13 digits of epoch ms, then the random part (letters and digits). */
export function newDocumentId(now: Date, random: string): string {
  return `${String(now.getTime()).padStart(13, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
}

/** The object key's file part: letters, digits, dot, dash, underscore (accents folded), ≤ 120. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? 'documento';
  const folded = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  return (folded || 'documento').slice(-120);
}

/** `incoming/<companyId>/<documentId>/<safeFileName>`: the prefix the arrival notification watches. */
export const INCOMING_PREFIX = 'incoming/';
export const objectKeyOf = (companyId: string, documentId: string, fileName: string): string =>
  `${INCOMING_PREFIX}${companyId}/${documentId}/${safeFileName(fileName)}`;

/** The document an object key belongs to (S3 event keys are form-encoded: decode first). */
export function parseObjectKey(key: string): { companyId: string; documentId: string } | null {
  const m = /^incoming\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})\/[^/]+$/.exec(key);
  return m ? { companyId: m[1]!, documentId: m[2]! } : null;
}
