import type { Page } from '@shared/api/envelope';
import type { SiiBook, SiiSubmission, SiiSubmissionStatus } from '@shared/schemas/sii';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { SII_STALE_MS, siiKeys } from './keys';
import { type SiiListAnswer, toPage } from './list-page';

export const SII_SUBMISSIONS_PAGE_SIZE = 20;

/** The submissions list's filters (SiiSubmissionsQuery: book, period 'YYYY-MM', status, page, size). */
export interface SiiSubmissionListParams {
  /** Zero-based. */
  page: number;
  size: number;
  book?: SiiBook;
  period?: string;
  status?: SiiSubmissionStatus;
}

/** `GET sii.listSubmissions` (company in x-company-id): one page of the SOAP exchanges, newest first. */
export function getSiiSubmissions(
  params: SiiSubmissionListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<SiiSubmission>> {
  return apiRequest<SiiListAnswer<SiiSubmission>>('sii.listSubmissions', {
    query: {
      page: params.page,
      size: params.size,
      book: params.book,
      period: params.period,
      status: params.status,
    },
    companyId,
    signal,
  }).then((answer) => toPage(answer, params.page, params.size));
}

export const siiSubmissionsQueryOptions = (params: SiiSubmissionListParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...siiKeys.submissions(companyId), params],
    queryFn: ({ signal }) => getSiiSubmissions(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: SII_STALE_MS,
    enabled: companyId !== null,
  });

export function useSiiSubmissions(params: SiiSubmissionListParams, companyId: string | null) {
  return useQuery(siiSubmissionsQueryOptions(params, companyId));
}
