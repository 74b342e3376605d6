/**
 * The client's upload (spec part 3 §7 "Uploads: multipart with file and companyId"): up to
 * MAX_MULTIPART_DOCUMENT_BYTES as multipart to `clientDocuments.upload`; bigger files through a
 * presigned request (`documents.presign`, the same fields) sent straight to S3.
 */
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

export type ClientUploadOptions = Partial<Omit<UploadFields, 'uploadId'>>;

export async function uploadClientDocument(
  file: File,
  uploadId: string,
  options: ClientUploadOptions,
  companyId: string | null,
  onProgress: (percent: number) => void,
): Promise<{ uploadId: string; documentId: string }> {
  if (file.size <= MAX_MULTIPART_DOCUMENT_BYTES) {
    const details = await uploadMultipart<DocumentDetails>('clientDocuments.upload', {
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
      contentType:
        file.type || CONTENT_TYPE_OF_EXTENSION[extensionOf(file.name)] || 'application/octet-stream',
      sizeBytes: file.size,
    },
    companyId,
  });
  await uploadPresigned(presigned, file, onProgress);
  return { uploadId: presigned.uploadId, documentId: presigned.documentId };
}
