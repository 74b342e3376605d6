import type { TaxConfiguration, UpdateTaxConfigurationBody } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';
import { taxConfigurationKey } from './get-tax-configuration';

/**
 * `PUT taxConfig.update` (absent fields keep their value), or `POST taxConfig.create` when the
 * company has no profile yet (it is created from the defaults plus these fields).
 */
export function saveTaxConfiguration(
  companyId: string,
  body: UpdateTaxConfigurationBody,
  exists: boolean,
): Promise<TaxConfiguration> {
  return apiRequest<TaxConfiguration>(exists ? 'taxConfig.update' : 'taxConfig.create', {
    params: { companyId },
    body,
    companyId,
  });
}

export function useSaveTaxConfiguration(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, exists }: { body: UpdateTaxConfigurationBody; exists: boolean }) =>
      saveTaxConfiguration(companyId, body, exists),
    onSuccess: async (configuration) => {
      queryClient.setQueryData(taxConfigurationKey(companyId), configuration);
      // The profile changed: its obligations from the next period on, alerts, analysis.
      await refreshTaxQueries(queryClient, companyId);
    },
  });
}
