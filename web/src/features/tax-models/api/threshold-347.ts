import type { Threshold347View } from '@shared/schemas/tax-models';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';

/**
 * `GET taxModels.threshold347?year=`: whether the company files the 347 for the year, and the
 * counterparties above 3.005,06 € (art. 33.1 RGAT) or within 80 % of it, each with its key (A
 * purchases, B sales) and its four quarters.
 */
export function getThreshold347(
  companyId: string,
  year: number,
  signal?: AbortSignal,
): Promise<Threshold347View> {
  return apiRequest<Threshold347View>('taxModels.threshold347', {
    params: { companyId },
    query: { year },
    companyId,
    signal,
  });
}

export function useThreshold347(
  companyId: string | null,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: ['tax', companyId, 'models', 'threshold-347', year] as const,
    queryFn: ({ signal }) => getThreshold347(companyId ?? '', year, signal),
    enabled: enabled && companyId !== null,
  });
}
