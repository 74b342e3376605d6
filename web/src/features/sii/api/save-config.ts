import type { SiiConfig, SiiConfigBody } from '@shared/schemas/sii';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSii, siiKeys } from './keys';

/** `PUT sii.updateConfig`: creates the configuration the first time, changes it afterwards. */
export function saveSiiConfig(companyId: string, body: SiiConfigBody): Promise<SiiConfig> {
  return apiRequest<SiiConfig>('sii.updateConfig', { params: { companyId }, body });
}

export function useSaveSiiConfig(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiiConfigBody) => saveSiiConfig(companyId, body),
    onSuccess: async (config) => {
      queryClient.setQueryData(siiKeys.config(companyId), config);
      // Held received invoices and manual mode change what waits: the statistics follow.
      await refreshSii(queryClient, companyId);
    },
  });
}
