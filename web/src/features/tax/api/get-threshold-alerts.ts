import type { ThresholdAlert } from '@shared/schemas/tax';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type TaxQueryOptions, taxKeys } from '@web/lib/tax-api';

export interface ThresholdAlertsView {
  year: number;
  alerts: ThresholdAlert[];
}

/**
 * `GET taxThresholds.alerts?year=`: the invoices' running totals against the profile's thresholds
 * (TAX_021 without a profile: ask it only once `useTaxProfileStatus` says there is one).
 */
export function getThresholdAlerts(companyId: string, signal?: AbortSignal): Promise<ThresholdAlertsView> {
  return apiRequest<ThresholdAlertsView>('taxThresholds.alerts', {
    params: { companyId },
    companyId,
    signal,
  });
}

export function useThresholdAlerts(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: [...taxKeys.company(companyId), 'thresholds'],
    queryFn: ({ signal }) => getThresholdAlerts(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });
}
