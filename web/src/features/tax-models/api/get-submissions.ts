import type { Page } from '@shared/api/envelope';
import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import type { SubmissionState, TaxModelType } from '@shared/schemas/tax-models';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';

export const SUBMISSIONS_PAGE_SIZE = 20;

export interface SubmissionListParams {
  /** Zero-based. */
  page: number;
  size: number;
  state?: SubmissionState | undefined;
  modelType?: TaxModelType | undefined;
}

export const submissionKeys = {
  list: (companyId: string | null, params: SubmissionListParams) =>
    ['tax', companyId, 'submissions', 'list', params] as const,
};

/** `GET taxSubmissions.list?state=&modelType=`: the company's filings with the AEAT, newest first. */
export function getSubmissions(
  companyId: string,
  params: SubmissionListParams,
  signal?: AbortSignal,
): Promise<Page<SubmissionDetail>> {
  return apiRequest<Page<SubmissionDetail>>('taxSubmissions.list', {
    params: { companyId },
    query: { page: params.page, size: params.size, state: params.state, modelType: params.modelType },
    companyId,
    signal,
  });
}

export function useSubmissions(
  companyId: string | null,
  params: SubmissionListParams,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: submissionKeys.list(companyId, params),
    queryFn: ({ signal }) => getSubmissions(companyId ?? '', params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null,
  });
}
