import { defineCompanyAction } from '@functions/platform/http';
import { isAppError } from '@shared/api/errors';
import type { DocumentDetails } from '@shared/schemas/documents';
import { BatchUploadBody } from '../model/upload-body';
import type { DocumentsDeps } from '../store/deps';
import { uploadOne } from './documents-upload';

export interface BatchUploadItem {
  fileName: string;
  accepted: boolean;
  document: DocumentDetails | null;
  error: { code: string; message: string; documentId: string | null } | null;
}

export interface BatchUploadResult {
  total: number;
  accepted: number;
  refused: number;
  results: BatchUploadItem[];
}

/**
 * POST /documents/batch-upload: several `file` parts (at most MAX_BATCH_FILES), each its own
 * document with the same fields; a refused file is reported in its row and the others go on.
 */
export const documentsBatchUploadRoute = defineCompanyAction({
  body: BatchUploadBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: DocumentsDeps): Promise<BatchUploadResult> => {
    const { file: files, ...fields } = body;
    const results: BatchUploadItem[] = [];
    for (const file of files) {
      try {
        const document = await uploadOne(deps, {
          companyId: scope.companyId,
          userId: auth.userId,
          file,
          fields,
          origin: 'UPLOAD',
        });
        results.push({ fileName: file.fileName, accepted: true, document, error: null });
      } catch (e) {
        if (!isAppError(e)) throw e;
        const documentId = typeof e.details?.documentId === 'string' ? e.details.documentId : null;
        results.push({
          fileName: file.fileName,
          accepted: false,
          document: null,
          error: { code: e.code, message: e.message, documentId },
        });
      }
    }
    const accepted = results.filter((r) => r.accepted).length;
    return { total: results.length, accepted, refused: results.length - accepted, results };
  },
});
