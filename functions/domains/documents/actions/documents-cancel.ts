import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { cancelDocument } from '../store/moves';

/** POST /documents/{documentId}/cancel: UPLOADING / OCR_PENDING / OCR_RETRY_SCHEDULED -> FAILED. */
export const documentsCancelRoute = defineCompanyAction({
  params: DocumentPath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    cancelDocument(deps, scope.companyId, params.documentId, (d) => assertVisible(d, auth, scope)),
});
