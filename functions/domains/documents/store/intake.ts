/**
 * Every file becomes a document the same way, whatever its origin (design issue 17 "Intake"): the
 * item first (UPLOADING, with its upload pointer), then the object under
 * `incoming/<companyId>/<documentId>/<file>`, whose arrival event checks the bytes and queues the
 * reading (workers/on-upload.ts). Idempotent by upload id: the same upload id answers the same
 * document, and puts its bytes again only if they never arrived.
 */

import { AppError } from '@shared/api/errors';
import {
  CONTENT_TYPE_OF_EXTENSION,
  type DocumentDetails,
  type DocumentOrigin,
  type DocumentType,
  extensionOf,
  invalidTypeMessage,
  MAX_DOCUMENT_BYTES,
  READABLE_EXTENSIONS,
  SENDING_EXTENSIONS,
  tooLargeMessage,
} from '@shared/schemas/documents';
import { newDocumentId, objectKeyOf, uploadStatusOf } from '../model/status';
import type { DocumentsDeps } from './deps';
import { documentByUpload, insertDocument, type StoredDocument, toDetails } from './documents';

export interface NewDocumentInput {
  companyId: string;
  fileName: string;
  declaredContentType?: string;
  documentType: DocumentType;
  autoOcr: boolean;
  origin: DocumentOrigin;
  uploadedBy: string | null;
  uploadId?: string;
  inboxEmailId?: string | null;
  description?: string;
  categoryId?: string;
  requiresAdvisorReview?: boolean;
  isConfidential?: boolean;
  priority?: 'NORMAL' | 'HIGH';
  purpose?: 'READ' | 'SEND';
}

export interface IncomingDocumentInput extends NewDocumentInput {
  bytes: Uint8Array;
}

/** The extensions a purpose allows (the bytes are checked later; this is the first filter). */
export const allowedExtensions = (purpose: 'READ' | 'SEND'): readonly string[] =>
  purpose === 'SEND' ? [...new Set([...SENDING_EXTENSIONS, ...READABLE_EXTENSIONS])] : READABLE_EXTENSIONS;

/** Refuses at once a name whose extension the purpose does not allow (DOC_041), or a size over 50 MB (DOC_042). */
export function checkDeclared(fileName: string, sizeBytes: number, purpose: 'READ' | 'SEND'): void {
  if (!allowedExtensions(purpose).includes(extensionOf(fileName)))
    throw new AppError('DOC_041', invalidTypeMessage(fileName), { field: 'file' });
  if (sizeBytes > MAX_DOCUMENT_BYTES)
    throw new AppError('DOC_042', tooLargeMessage(fileName), { field: 'file' });
  if (sizeBytes <= 0)
    throw new AppError('DOC_041', `El archivo "${fileName}" está vacío.`, { field: 'file' });
}

/** The content type a name suggests (what the browser or mail said is only kept when it agrees). */
export function declaredTypeOf(fileName: string, declared?: string): string {
  const byName = CONTENT_TYPE_OF_EXTENSION[extensionOf(fileName)] ?? 'application/octet-stream';
  return declared && declared.split(';')[0]!.trim().toLowerCase() === byName ? declared : byName;
}

/** A new document's stored state (UPLOADING). */
export function newStoredDocument(
  deps: Pick<DocumentsDeps, 'now' | 'newId'>,
  input: NewDocumentInput,
): StoredDocument {
  const now = deps.now();
  const documentId = newDocumentId(now, deps.newId());
  const requiresAdvisorReview = input.requiresAdvisorReview ?? false;
  const priority = input.priority ?? 'NORMAL';
  return {
    documentId,
    uploadId: input.uploadId ?? `u${documentId}`,
    companyId: input.companyId,
    fileName: input.fileName,
    contentType: null,
    sizeBytes: null,
    sha256: null,
    documentType: input.documentType,
    autoOcr: input.autoOcr,
    status: 'UPLOADING',
    origin: input.origin,
    inboxEmailId: input.inboxEmailId ?? null,
    uploadedBy: input.uploadedBy,
    description: input.description ?? null,
    categoryId: input.categoryId ?? null,
    isConfidential: input.isConfidential ?? false,
    requiresAdvisorReview,
    priority,
    pages: null,
    engine: null,
    extraction: null,
    notes: null,
    rejection: null,
    error: null,
    attempts: 0,
    receivedInvoiceId: null,
    duplicateOf: null,
    // A client's upload waits for its advisor from the start (spec part 3 "advisor reviews").
    review: {
      status: requiresAdvisorReview ? 'PENDING' : 'NOT_REQUIRED',
      urgent: requiresAdvisorReview && priority === 'HIGH',
      notes: null,
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      correctedFields: [],
    },
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    processedAt: null,
    processingMs: null,
    s3Key: objectKeyOf(input.companyId, documentId, input.fileName),
    purpose: input.purpose ?? 'READ',
    rev: 0,
    textractJobId: null,
    textractPolls: 0,
    readingText: null,
  };
}

export const objectMetadata = (doc: Pick<StoredDocument, 'documentId' | 'companyId'>) => ({
  'document-id': doc.documentId,
  'company-id': doc.companyId,
});

/**
 * Records the document (or finds the one of this upload id) without its bytes: a presigned upload
 * sends them itself. Answers the stored document and whether it was created now.
 */
export async function recordDocument(
  deps: DocumentsDeps,
  input: NewDocumentInput,
): Promise<{ doc: StoredDocument; created: boolean }> {
  if (input.uploadId) {
    const existing = await documentByUpload(deps, input.companyId, input.uploadId);
    if (existing) return { doc: existing, created: false };
  }
  const doc = newStoredDocument(deps, input);
  if (await insertDocument(deps, doc)) return { doc, created: true };
  // Another request took the upload id between the read and the write: the same upload, answered.
  const winner = await documentByUpload(deps, input.companyId, doc.uploadId);
  if (!winner) throw new AppError('CONCURRENT_UPDATE');
  return { doc: winner, created: false };
}

/** Every origin's intake (API multipart, batch, client upload, smart-inbox attachments). */
export async function createIncomingDocument(
  deps: DocumentsDeps,
  input: IncomingDocumentInput,
): Promise<DocumentDetails> {
  checkDeclared(input.fileName, input.bytes.byteLength, input.purpose ?? 'READ');
  const { doc, created } = await recordDocument(deps, input);
  // A repeated upload whose bytes never arrived (the put failed after the item was written) puts them now.
  if (created || (doc.status === 'UPLOADING' && !(await deps.objects.head(doc.s3Key)))) {
    await deps.objects.put(
      doc.s3Key,
      input.bytes,
      declaredTypeOf(input.fileName, input.declaredContentType),
      objectMetadata(doc),
    );
  }
  if (created && doc.uploadedBy)
    await deps.pushProgress(doc.uploadedBy, {
      type: 'document_progress',
      companyId: doc.companyId,
      ...uploadStatusOf(doc),
    });
  return toDetails(doc);
}

/**
 * A file the API refused by its bytes: recorded FAILED with the reason (the uploader sees it in the
 * list), its bytes never stored anywhere.
 */
export async function recordRefusedDocument(
  deps: DocumentsDeps,
  input: NewDocumentInput & { sizeBytes: number },
  rejection: { code: 'DOC_041' | 'DOC_042'; reason: string },
): Promise<DocumentDetails> {
  const base = newStoredDocument(deps, input);
  const doc: StoredDocument = {
    ...base,
    status: 'FAILED',
    sizeBytes: input.sizeBytes,
    rejection,
    processedAt: base.createdAt,
    review: { ...base.review, status: 'NOT_REQUIRED', urgent: false },
  };
  if (!(await insertDocument(deps, doc))) {
    const existing = await documentByUpload(deps, input.companyId, doc.uploadId);
    if (existing) return toDetails(existing);
  }
  return toDetails(doc);
}
