import type { VerifactuSubmission } from '@shared/schemas/verifactu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSubmissions } from './keys';

/** `POST verifactu.cancelSubmission { reason }`: a registro de anulación for the record's invoice. */
export function cancelSubmission(submissionId: string, reason: string, companyId: string | null) {
  return apiRequest<VerifactuSubmission>('verifactu.cancelSubmission', {
    params: { submissionId },
    body: { reason },
    companyId,
  });
}

export function useCancelSubmission(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, reason }: { submissionId: string; reason: string }) =>
      cancelSubmission(submissionId, reason, companyId),
    onSuccess: () => refreshSubmissions(queryClient, companyId),
  });
}
