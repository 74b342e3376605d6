import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type DocumentUploadStatus, UploadIdPath } from '@shared/schemas/documents';
import { visibleTo } from '../model/listing';
import { uploadStatusOf } from '../model/status';
import type { DocumentsDeps } from '../store/deps';
import { documentByUpload, toDetails } from '../store/documents';

/** GET /documents/status/{uploadId}: where an upload is (the same message the socket pushes). */
export const documentsStatusRoute = defineCompanyAction({
  params: UploadIdPath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps): Promise<DocumentUploadStatus> => {
    const doc = await documentByUpload(deps, scope.companyId, params.uploadId);
    if (!doc || !visibleTo(doc, auth, scope))
      throw new AppError('CORE_006', 'No hay ninguna subida con ese identificador.', { field: 'uploadId' });
    return uploadStatusOf(toDetails(doc));
  },
});
