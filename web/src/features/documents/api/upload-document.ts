/**
 * The upload of one file (issue 17 item 1): up to MAX_MULTIPART_DOCUMENT_BYTES as multipart to
 * `documents.upload` (or the client's `clientDocuments.upload`); bigger ones ask
 * `documents.presign` for a presigned request and send the bytes straight to S3 (a POST form with
 * its fields, or a PUT when there are none). Either way the server follows it by `uploadId`.
 */
import type { RouteId } from '@shared/api/routes';
import {
  CONTENT_TYPE_OF_EXTENSION,
  type DocumentDetails,
  extensionOf,
  MAX_MULTIPART_DOCUMENT_BYTES,
  type PresignedUpload,
  type UploadFields,
} from '@shared/schemas/documents';
import { apiRequest } from '@web/lib/api-client';
import { uploadMultipart, uploadPresigned } from '@web/lib/upload-file';

export type UploadOptions = Partial<Omit<UploadFields, 'uploadId'>>;

export interface UploadRequest {
  file: File;
  uploadId: string;
  options: UploadOptions;
  companyId: string | null;
  onProgress: (percent: number) => void;
  /** The multipart route: `documents.upload` (default) or `clientDocuments.upload`. */
  route?: Extract<RouteId, 'documents.upload' | 'clientDocuments.upload'>;
}

export const contentTypeOf = (file: File): string =>
  file.type || CONTENT_TYPE_OF_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';

export async function uploadDocument(
  request: UploadRequest,
): Promise<{ uploadId: string; documentId: string }> {
  const { file, uploadId, options, companyId, onProgress } = request;
  if (file.size <= MAX_MULTIPART_DOCUMENT_BYTES) {
    const details = await uploadMultipart<DocumentDetails>(request.route ?? 'documents.upload', {
      file,
      fields: { ...options, uploadId },
      companyId,
      onProgress,
    });
    return { uploadId: details.uploadId ?? uploadId, documentId: details.documentId };
  }
  const presigned = await apiRequest<PresignedUpload>('documents.presign', {
    body: {
      ...options,
      uploadId,
      fileName: file.name,
      contentType: contentTypeOf(file),
      sizeBytes: file.size,
    },
    companyId,
  });
  await uploadPresigned(presigned, file, onProgress);
  return { uploadId: presigned.uploadId, documentId: presigned.documentId };
}

/** One row of `documents.batchUpload`'s answer (functions/domains/documents/actions/documents-batch-upload.ts). */
interface BatchUploadRow {
  fileName: string;
  accepted: boolean;
  document: DocumentDetails | null;
  error: { code: string; message: string; documentId: string | null } | null;
}

/**
 * Several small files in one multipart request (`documents.batchUpload`, at most MAX_BATCH_FILES):
 * each becomes its own document with the same options; the server names their upload ids, and a
 * refused file is reported in its row (in the order sent) while the others go on.
 */
export async function uploadDocumentBatch(request: {
  files: File[];
  options: UploadOptions;
  companyId: string | null;
  onProgress: (percent: number) => void;
}): Promise<({ uploadId: string; documentId: string } | { error: string })[]> {
  const answer = await uploadMultipart<{ results: BatchUploadRow[] }>('documents.batchUpload', {
    file: request.files,
    fields: { ...request.options },
    companyId: request.companyId,
    onProgress: request.onProgress,
  });
  return request.files.map((_, i) => {
    const row = answer.results[i];
    if (row?.accepted && row.document)
      return { uploadId: row.document.uploadId, documentId: row.document.documentId };
    return { error: row?.error?.message ?? 'El servidor no respondió por este archivo.' };
  });
}
