import { defineCompanyAction } from '@functions/platform/http';
import { type DocumentDetails, DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { requireDocument, toDetails } from '../store/documents';

/** GET /documents/{documentId}: the details, with the reading (extraction and notes). */
export const documentsGetRoute = defineCompanyAction({
  params: DocumentPath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps): Promise<DocumentDetails> =>
    toDetails(assertVisible(await requireDocument(deps, scope.companyId, params.documentId), auth, scope)),
});
