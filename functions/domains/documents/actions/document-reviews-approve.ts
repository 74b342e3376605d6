/**
 * POST document-reviews/{documentId}/approve `{ notes?, corrections? }` (spec part 3 §7 "approve with
 * notes"): the reading approved, corrected where the advisor says, and its received-invoice draft
 * approved with the same corrections. 409 when already reviewed, a duplicate or not read yet.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { ApproveDocumentBody } from '@shared/schemas/document-reviews';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { approveDocument } from '../store/reviews';

export const documentReviewsApproveRoute = defineCompanyAction({
  params: DocumentPath,
  body: ApproveDocumentBody,
  run: ({ scope, auth, params, body }, deps: DocumentsDeps) =>
    approveDocument(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      userId: auth.userId,
      ...(body.notes ? { notes: body.notes } : {}),
      ...(body.corrections ? { corrections: body.corrections } : {}),
    }),
});
