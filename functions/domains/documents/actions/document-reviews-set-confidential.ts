/**
 * PUT document-reviews/{documentId}/confidential `{ isConfidential }` (spec part 3 §7
 * "confidential"): a confidential document is hidden from the company's CLIENTE members.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { SetConfidentialBody } from '@shared/schemas/document-reviews';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { updateDocumentFields } from '../store/documents';

export const documentReviewsSetConfidentialRoute = defineCompanyAction({
  params: DocumentPath,
  body: SetConfidentialBody,
  run: ({ scope, params, body }, deps: DocumentsDeps) =>
    updateDocumentFields(deps, scope.companyId, params.documentId, { isConfidential: body.isConfidential }),
});
