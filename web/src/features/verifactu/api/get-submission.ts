import type { SubmissionDetail } from '@shared/schemas/verifactu';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { VERIFACTU_STALE_MS, verifactuKeys } from './keys';

/** `GET verifactu.getSubmission`: the submission with its immutable record and QR URL. */
export function getSubmission(submissionId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<SubmissionDetail>('verifactu.getSubmission', {
    params: { submissionId },
    companyId,
    signal,
  });
}

export function useSubmission(submissionId: string | null, companyId: string | null) {
  return useQuery({
    queryKey: verifactuKeys.submission(companyId, submissionId ?? ''),
    queryFn: ({ signal }) => getSubmission(submissionId ?? '', companyId, signal),
    staleTime: VERIFACTU_STALE_MS,
    enabled: submissionId !== null && companyId !== null,
  });
}
