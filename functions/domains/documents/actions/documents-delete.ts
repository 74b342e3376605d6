import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { deleteDocument } from '../store/moves';
import { revokeDocumentShares } from '../store/shares';

/**
 * DELETE /documents/{documentId} (DOC_046 when its received invoice is booked). Its shares with
 * clients are revoked after it (idempotent: a retry of a half-done delete revokes what is left).
 */
export const documentsDeleteRoute = defineCompanyAction({
  params: DocumentPath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps) => {
    await deleteDocument(deps, scope.companyId, params.documentId, (d) => assertVisible(d, auth, scope));
    await revokeDocumentShares(deps, scope.companyId, params.documentId, auth.userId);
    return { deleted: true, documentId: params.documentId };
  },
});
