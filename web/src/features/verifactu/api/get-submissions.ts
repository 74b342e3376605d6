import type { Page } from '@shared/api/envelope';
import type { RecordKind, SubmissionStatus, SubmissionView } from '@shared/schemas/verifactu';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { VERIFACTU_STALE_MS, verifactuKeys } from './keys';

export const SUBMISSIONS_PAGE_SIZE = 20;

/** The history's filters (spec part 2 §7: status, kind, from, to, search, page, size). */
export interface SubmissionListParams {
  /** Zero-based. */
  page: number;
  size: number;
  status?: SubmissionStatus;
  kind?: RecordKind;
  from?: string;
  to?: string;
  search?: string;
}

export function submissionListQuery(params: Partial<SubmissionListParams>) {
  return {
    page: params.page,
    size: params.size,
    status: params.status,
    kind: params.kind,
    from: params.from,
    to: params.to,
    search: params.search?.trim() || undefined,
  };
}

/** `GET verifactu.listSubmissions` (company in x-company-id): one page of the records' submissions. */
export function getSubmissions(
  params: SubmissionListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<SubmissionView>> {
  return apiRequest<Page<SubmissionView>>('verifactu.listSubmissions', {
    query: submissionListQuery(params),
    companyId,
    signal,
  });
}

export const submissionsQueryOptions = (params: SubmissionListParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...verifactuKeys.submissions(companyId), params],
    queryFn: ({ signal }) => getSubmissions(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: VERIFACTU_STALE_MS,
    enabled: companyId !== null,
  });

export function useSubmissions(params: SubmissionListParams, companyId: string | null) {
  return useQuery(submissionsQueryOptions(params, companyId));
}
