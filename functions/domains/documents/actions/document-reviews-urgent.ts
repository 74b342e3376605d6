/** GET document-reviews/urgent (spec part 3 §7): only the urgent documents waiting for review, oldest first. */

import { defineCompanyAction } from '@functions/platform/http';
import { ReviewListQuery } from '@shared/schemas/document-reviews';
import type { DocumentsDeps } from '../store/deps';
import { documentReviewsPending } from './document-reviews-pending';

export const documentReviewsUrgentRoute = defineCompanyAction({
  query: ReviewListQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    documentReviewsPending({ companyId: scope.companyId, query, urgentOnly: true }, deps),
});
