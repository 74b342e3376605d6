import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { reprocessDocument } from '../store/moves';
import { assertInPortal } from './client-documents-get';

/** POST /client/documents/{documentId}/reprocess. */
export const clientDocumentsReprocessRoute = defineCompanyAction({
  params: DocumentPath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    reprocessDocument(deps, scope.companyId, params.documentId, (d) => assertInPortal(d, auth, scope)),
});
