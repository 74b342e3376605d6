import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { deleteDocument } from '../store/moves';

/** DELETE /documents/{documentId} (DOC_046 when its received invoice is booked). */
export const documentsDeleteRoute = defineCompanyAction({
  params: DocumentPath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps) => {
    await deleteDocument(deps, scope.companyId, params.documentId, (d) => assertVisible(d, auth, scope));
    return { deleted: true, documentId: params.documentId };
  },
});
