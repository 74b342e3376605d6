import type { FiscalAlert } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

/** `PUT taxAlerts.acknowledge`: ACTIVE → ACKNOWLEDGED (seen, still to be resolved). */
export function acknowledgeFiscalAlert(companyId: string, alertId: string): Promise<FiscalAlert> {
  return apiRequest<FiscalAlert>('taxAlerts.acknowledge', {
    params: { companyId, alertId },
    body: {},
    companyId,
  });
}

export function useAcknowledgeFiscalAlert(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => acknowledgeFiscalAlert(companyId, alertId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.alerts(companyId) }),
  });
}
