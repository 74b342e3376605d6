/**
 * POST document-reviews/{documentId}/reprocess (spec part 3 §7 "reprocess"): the advisor has the
 * document read again from its stored bytes (the same move as documents/{id}/reprocess).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { reprocessDocument } from '../store/moves';

export const documentReviewsReprocessRoute = defineCompanyAction({
  params: DocumentPath,
  status: 202,
  run: ({ scope, params }, deps: DocumentsDeps) =>
    reprocessDocument(deps, scope.companyId, params.documentId),
});
