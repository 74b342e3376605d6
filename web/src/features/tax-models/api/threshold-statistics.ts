import type { ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';

/**
 * `GET invoices.thresholdStatistics?year=`: the year's figures against their legal thresholds (large
 * company / SII, modelo 347 counterparties, simplified invoices, intra-EU operations and the monthly
 * 349), from the running aggregates. Kept under the tax keys: a write of the tax pages refreshes it.
 */
export function getThresholdStatistics(
  companyId: string,
  year: number,
  signal?: AbortSignal,
): Promise<ThresholdStatisticsView> {
  return apiRequest<ThresholdStatisticsView>('invoices.thresholdStatistics', {
    query: { year: String(year) },
    companyId,
    signal,
  });
}

export function useThresholdStatistics(
  companyId: string | null,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: ['tax', companyId, 'threshold-statistics', year] as const,
    queryFn: ({ signal }) => getThresholdStatistics(companyId ?? '', year, signal),
    enabled: enabled && companyId !== null,
  });
}
