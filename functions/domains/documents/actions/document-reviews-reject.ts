/**
 * POST document-reviews/{documentId}/reject `{ reason }` (spec part 3 §7 "reject with reason"): the
 * reading rejected, and its received-invoice draft with it. 409 when already reviewed.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { RejectDocumentBody } from '@shared/schemas/document-reviews';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { rejectDocument } from '../store/reviews';

export const documentReviewsRejectRoute = defineCompanyAction({
  params: DocumentPath,
  body: RejectDocumentBody,
  run: ({ scope, auth, params, body }, deps: DocumentsDeps) =>
    rejectDocument(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      userId: auth.userId,
      reason: body.reason,
    }),
});
