import type { SiiSubmission } from '@shared/schemas/sii';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { SII_STALE_MS, siiKeys } from './keys';

/** `GET sii.getSubmission`: one SOAP exchange with its per-record answers. */
export function getSiiSubmission(submissionId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<SiiSubmission>('sii.getSubmission', { params: { submissionId }, companyId, signal });
}

export function useSiiSubmission(submissionId: string, companyId: string | null) {
  return useQuery({
    queryKey: siiKeys.submission(companyId, submissionId),
    queryFn: ({ signal }) => getSiiSubmission(submissionId, companyId, signal),
    staleTime: SII_STALE_MS,
    enabled: companyId !== null && submissionId !== '',
  });
}
