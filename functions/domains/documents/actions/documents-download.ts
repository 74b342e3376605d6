import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { documentFile } from './documents-view';

/** GET /documents/{documentId}/download: as an attachment under its file name. */
export const documentsDownloadRoute = defineCompanyAction({
  params: DocumentPath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    documentFile(deps, { auth, scope, documentId: params.documentId, attachment: true }),
});
