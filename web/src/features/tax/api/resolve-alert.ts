import type { FiscalAlert } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

/** `PUT taxAlerts.resolve`: ACTIVE or ACKNOWLEDGED → RESOLVED. */
export function resolveFiscalAlert(companyId: string, alertId: string): Promise<FiscalAlert> {
  return apiRequest<FiscalAlert>('taxAlerts.resolve', {
    params: { companyId, alertId },
    body: {},
    companyId,
  });
}

export function useResolveFiscalAlert(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => resolveFiscalAlert(companyId, alertId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.alerts(companyId) }),
  });
}
