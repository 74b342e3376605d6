import type { TaxConfiguration } from '@shared/schemas/tax';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type TaxQueryOptions, taxKeys } from '@web/lib/tax-api';

export const taxConfigurationKey = (companyId: string | null) => [
  ...taxKeys.company(companyId),
  'configuration',
];

/**
 * `GET taxConfig.get`: the configuration view of the profile (TAX_021 when there is none: ask it
 * only once `useTaxProfileStatus` says there is one).
 */
export function getTaxConfiguration(companyId: string, signal?: AbortSignal): Promise<TaxConfiguration> {
  return apiRequest<TaxConfiguration>('taxConfig.get', { params: { companyId }, companyId, signal });
}

export function useTaxConfiguration(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: taxConfigurationKey(companyId),
    queryFn: ({ signal }) => getTaxConfiguration(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });
}
