import { checkContent } from '@functions/lib/document-checks';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type DocumentDetails,
  type DocumentOrigin,
  MAX_DOCUMENT_BYTES,
  MAX_MULTIPART_DOCUMENT_BYTES,
  tooLargeMessage,
  type UploadFields,
} from '@shared/schemas/documents';
import { decodedLength, UploadBody, type UploadedFile } from '../model/upload-body';
import type { DocumentsDeps } from '../store/deps';
import { checkDeclared, createIncomingDocument, recordRefusedDocument } from '../store/intake';

export interface UploadOneInput {
  companyId: string;
  userId: string;
  file: UploadedFile;
  fields: Omit<UploadFields, 'uploadId'> & { uploadId?: string };
  origin: DocumentOrigin;
}

/**
 * One multipart file (spec part 2 §5): the name and size first (415 DOC_041 / 413 DOC_042 at once;
 * over the API's limit the answer points to the presigned upload), then the bytes themselves: a file
 * that is not what it claims is recorded FAILED with its reason and refused (its bytes are never
 * stored); the others are stored and their reading queued by the arrival worker.
 */
export async function uploadOne(deps: DocumentsDeps, input: UploadOneInput): Promise<DocumentDetails> {
  const { file, fields } = input;
  const size = decodedLength(file.contentBase64);
  if (size > MAX_DOCUMENT_BYTES)
    throw new AppError('DOC_042', tooLargeMessage(file.fileName), { field: 'file' });
  if (size > MAX_MULTIPART_DOCUMENT_BYTES)
    throw new AppError(
      'DOC_042',
      `El archivo "${file.fileName}" supera los ${MAX_MULTIPART_DOCUMENT_BYTES / (1024 * 1024)} MB de la subida directa a la API: súbelo con la subida presignada (POST /documents/upload-url).`,
      { field: 'file', details: { useUploadUrl: true } },
    );
  checkDeclared(file.fileName, size, fields.purpose);
  const bytes = new Uint8Array(Buffer.from(file.contentBase64, 'base64'));
  const intake = {
    companyId: input.companyId,
    fileName: file.fileName,
    declaredContentType: file.contentType,
    documentType: fields.documentType,
    autoOcr: fields.autoOcr,
    origin: input.origin,
    uploadedBy: input.userId,
    ...(fields.uploadId ? { uploadId: fields.uploadId } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.categoryId ? { categoryId: fields.categoryId } : {}),
    requiresAdvisorReview: fields.requiresAdvisorReview,
    isConfidential: fields.isConfidential,
    priority: fields.priority,
    purpose: fields.purpose,
  };
  const verdict = await checkContent(bytes, { fileName: file.fileName, purpose: fields.purpose });
  if (!verdict.ok) {
    const refused = await recordRefusedDocument(
      deps,
      { ...intake, sizeBytes: size },
      { code: verdict.code, reason: verdict.reason },
    );
    throw new AppError(verdict.code, verdict.reason, {
      field: 'file',
      details: { documentId: refused.documentId, uploadId: refused.uploadId, status: refused.status },
    });
  }
  return createIncomingDocument(deps, { ...intake, bytes });
}

/** POST /documents/upload (multipart: file, documentType = INVOICE, autoOcr = true, ...). */
export const documentsUploadRoute = defineCompanyAction({
  body: UploadBody,
  status: 201,
  run: async ({ auth, scope, body, log }, deps: DocumentsDeps) => {
    const { file, ...fields } = body;
    const doc = await uploadOne(deps, {
      companyId: scope.companyId,
      userId: auth.userId,
      file,
      fields,
      origin: 'UPLOAD',
    });
    log.info('document uploaded', { documentId: doc.documentId, status: doc.status });
    return doc;
  },
});
