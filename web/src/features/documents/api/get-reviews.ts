import type { Page } from '@shared/api/envelope';
import type { PendingReview, ReviewStatistics } from '@shared/schemas/document-reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';
import { type ListAnswer, toPage } from './list-page';

export type ReviewTab = 'pending' | 'urgent';

/** `GET documentReviews.pending` / `documentReviews.urgent`: urgent first, then the oldest. */
export function getReviews(
  tab: ReviewTab,
  page: number,
  size: number,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<PendingReview>> {
  return apiRequest<ListAnswer<PendingReview>>(
    tab === 'urgent' ? 'documentReviews.urgent' : 'documentReviews.pending',
    {
      query: { page, size },
      companyId,
      signal,
    },
  ).then((answer) => toPage(answer, page, size));
}

export const reviewsQueryOptions = (tab: ReviewTab, page: number, size: number, companyId: string | null) =>
  queryOptions({
    queryKey: [...documentKeys.reviews(companyId), tab, page, size],
    queryFn: ({ signal }) => getReviews(tab, page, size, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });

export function useReviews(tab: ReviewTab, page: number, size: number, companyId: string | null) {
  return useQuery(reviewsQueryOptions(tab, page, size, companyId));
}

/** `GET documentReviews.statistics`. */
export function useReviewStatistics(companyId: string | null) {
  return useQuery({
    queryKey: [...documentKeys.reviews(companyId), 'statistics'],
    queryFn: ({ signal }) =>
      apiRequest<ReviewStatistics>('documentReviews.statistics', { companyId, signal }),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });
}
