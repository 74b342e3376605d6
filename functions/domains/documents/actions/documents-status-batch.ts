import { defineCompanyAction } from '@functions/platform/http';
import { type DocumentUploadStatus, StatusBatchBody } from '@shared/schemas/documents';
import { visibleTo } from '../model/listing';
import { uploadStatusOf } from '../model/status';
import type { DocumentsDeps } from '../store/deps';
import { documentByUpload, toDetails } from '../store/documents';

/** POST /documents/status/batch: the statuses of several uploads (unknown ids are left out). */
export const documentsStatusBatchRoute = defineCompanyAction({
  body: StatusBatchBody,
  run: async ({ auth, scope, body }, deps: DocumentsDeps): Promise<DocumentUploadStatus[]> => {
    const ids = [...new Set(body.uploadIds)];
    const docs = await Promise.all(ids.map((id) => documentByUpload(deps, scope.companyId, id)));
    return docs
      .filter((d): d is NonNullable<typeof d> => d !== null && visibleTo(d, auth, scope))
      .map((d) => uploadStatusOf(toDetails(d)));
  },
});
