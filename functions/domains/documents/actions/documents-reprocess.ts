import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { reprocessDocument } from '../store/moves';

/** POST /documents/{documentId}/reprocess: read again (409 while uploading or being read). */
export const documentsReprocessRoute = defineCompanyAction({
  params: DocumentPath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    reprocessDocument(deps, scope.companyId, params.documentId, (d) => assertVisible(d, auth, scope)),
});
