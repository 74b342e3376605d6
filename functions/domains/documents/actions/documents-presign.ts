import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  CONTENT_TYPE_OF_EXTENSION,
  extensionOf,
  invalidTypeMessage,
  MAX_DOCUMENT_BYTES,
  type PresignedUpload,
  PresignUploadBody,
} from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { checkDeclared, objectMetadata, recordDocument } from '../store/intake';

/** How long a presigned upload may be used. */
export const PRESIGN_SECONDS = 900;

/**
 * POST /documents/upload-url: the document is recorded (UPLOADING) and the browser gets a presigned
 * POST whose policy S3 enforces — this exact key, the declared Content-Type (the one its extension
 * calls for), 1 byte to 50 MB. Its arrival is checked by the bytes like any other upload.
 */
export const documentsPresignRoute = defineCompanyAction({
  body: PresignUploadBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: DocumentsDeps): Promise<PresignedUpload> => {
    checkDeclared(body.fileName, body.sizeBytes, body.purpose);
    const expected = CONTENT_TYPE_OF_EXTENSION[extensionOf(body.fileName)];
    if (body.contentType.split(';')[0]!.trim().toLowerCase() !== expected)
      throw new AppError('DOC_041', invalidTypeMessage(body.fileName), { field: 'contentType' });
    const { doc } = await recordDocument(deps, {
      companyId: scope.companyId,
      fileName: body.fileName,
      declaredContentType: expected,
      documentType: body.documentType,
      autoOcr: body.autoOcr,
      origin: 'UPLOAD',
      uploadedBy: auth.userId,
      ...(body.uploadId ? { uploadId: body.uploadId } : {}),
      ...(body.description ? { description: body.description } : {}),
      ...(body.categoryId ? { categoryId: body.categoryId } : {}),
      requiresAdvisorReview: body.requiresAdvisorReview,
      isConfidential: body.isConfidential,
      priority: body.priority,
      purpose: body.purpose,
    });
    if (doc.status !== 'UPLOADING')
      throw new AppError('DOC_CONFLICT', 'Este identificador de subida ya tiene su archivo.', {
        field: 'uploadId',
      });
    const post = await deps.objects.presignPost({
      key: doc.s3Key,
      contentType: expected,
      maxBytes: MAX_DOCUMENT_BYTES,
      metadata: objectMetadata(doc),
      expiresSeconds: PRESIGN_SECONDS,
    });
    return {
      uploadId: doc.uploadId,
      documentId: doc.documentId,
      url: post.url,
      fields: post.fields,
      expiresAt: new Date(deps.now().getTime() + PRESIGN_SECONDS * 1000).toISOString(),
    };
  },
});
