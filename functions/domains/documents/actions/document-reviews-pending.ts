/**
 * GET document-reviews/pending (spec part 3 §7 "Advisor reviews: pending"): the company's documents
 * waiting for an advisor, urgent first, then the oldest; paged.
 */

import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { type PendingReview, ReviewListQuery } from '@shared/schemas/document-reviews';
import type { DocumentsDeps } from '../store/deps';
import { type StoredDocument, toSummary } from '../store/documents';
import { listPendingReviews } from '../store/reviews';

const HOUR_MS = 3_600_000;

export function pageOfReviews(
  docs: StoredDocument[],
  query: ReviewListQuery,
  now: Date,
): Page<PendingReview> {
  const start = query.page * query.size;
  return {
    content: docs.slice(start, start + query.size).map((d) => ({
      ...toSummary(d),
      waitingHours: Math.max(0, Math.floor((now.getTime() - Date.parse(d.createdAt)) / HOUR_MS)),
    })),
    page: query.page,
    size: query.size,
    totalElements: docs.length,
    totalPages: Math.ceil(docs.length / query.size),
  };
}

export async function documentReviewsPending(
  input: { companyId: string; query: ReviewListQuery; urgentOnly?: boolean },
  deps: DocumentsDeps,
): Promise<Page<PendingReview>> {
  const docs = await listPendingReviews(deps, input.companyId, { urgentOnly: input.urgentOnly ?? false });
  return pageOfReviews(docs, input.query, deps.now());
}

export const documentReviewsPendingRoute = defineCompanyAction({
  query: ReviewListQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    documentReviewsPending({ companyId: scope.companyId, query }, deps),
});
