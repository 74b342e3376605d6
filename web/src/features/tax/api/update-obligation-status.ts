import type { ObligationView, UpdateObligationStatusBody } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/**
 * `PUT taxObligations.updateStatus`: a return filed outside Cuadra (SUBMITTED), or back to PENDING.
 * Answers the obligation as it now reads.
 */
export function updateObligationStatus(
  companyId: string,
  obligationId: string,
  body: UpdateObligationStatusBody,
): Promise<ObligationView> {
  return apiRequest<ObligationView>('taxObligations.updateStatus', {
    params: { companyId, obligationId },
    body,
    companyId,
  });
}

export function useUpdateObligationStatus(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ obligationId, body }: { obligationId: string; body: UpdateObligationStatusBody }) =>
      updateObligationStatus(companyId, obligationId, body),
    // Calendar, lists, summary, alerts (the run resolves a settled one's alert) and the analysis.
    onSuccess: () => refreshTaxQueries(queryClient, companyId),
  });
}
