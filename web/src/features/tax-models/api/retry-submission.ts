import type { SubmissionDetail } from '@shared/schemas/tax-filing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/**
 * `POST taxSubmissions.retry`: files again a submission that failed or never got an answer (spec part
 * 2 §4: 'Reintento iniciado'); one that may have reached the AEAT is asked about first.
 */
export function retrySubmission(companyId: string, submissionId: string): Promise<SubmissionDetail> {
  return apiRequest<SubmissionDetail>('taxSubmissions.retry', {
    params: { companyId, submissionId },
    companyId,
  });
}

export function useRetrySubmission(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) => retrySubmission(companyId, submissionId),
    onSettled: () => refreshTaxQueries(queryClient, companyId),
  });
}
