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
