import type { ResubmitBody, VerifactuSubmission } from '@shared/schemas/verifactu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSubmissions } from './keys';

/**
 * `POST verifactu.resubmit`: a NEW record (subsanación or alta tras rechazo) that corrects the
 * rejected one, with the optional corrections; the rejected record itself is never changed.
 */
export function resubmit(submissionId: string, body: ResubmitBody, companyId: string | null) {
  return apiRequest<VerifactuSubmission>('verifactu.resubmit', { params: { submissionId }, body, companyId });
}

export function useResubmit(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, body }: { submissionId: string; body: ResubmitBody }) =>
      resubmit(submissionId, body, companyId),
    onSuccess: () => refreshSubmissions(queryClient, companyId),
  });
}
