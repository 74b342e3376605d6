import type { ThresholdAlert } from '@shared/schemas/tax';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

export interface ThresholdAlertsView {
  year: number;
  alerts: ThresholdAlert[];
}

/** `GET taxThresholds.alerts?year=`: the invoices' running totals against the profile's thresholds. */
export function getThresholdAlerts(companyId: string, signal?: AbortSignal): Promise<ThresholdAlertsView> {
  return apiRequest<ThresholdAlertsView>('taxThresholds.alerts', {
    params: { companyId },
    companyId,
    signal,
  });
}

export function useThresholdAlerts(companyId: string | null) {
  return useQuery({
    queryKey: [...taxKeys.company(companyId), 'thresholds'],
    queryFn: ({ signal }) => getThresholdAlerts(companyId ?? '', signal),
    enabled: companyId !== null,
  });
}
