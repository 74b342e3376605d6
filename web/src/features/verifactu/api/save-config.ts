import type { VerifactuConfig, VerifactuConfigBody } from '@shared/schemas/verifactu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

/** `POST verifactu.createConfig` the first time, `PUT verifactu.updateConfig` afterwards. */
export function saveVerifactuConfig(
  companyId: string,
  body: VerifactuConfigBody,
  exists: boolean,
): Promise<VerifactuConfig> {
  return apiRequest<VerifactuConfig>(exists ? 'verifactu.updateConfig' : 'verifactu.createConfig', {
    params: { companyId },
    body,
  });
}

export function useSaveVerifactuConfig(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, exists }: { body: VerifactuConfigBody; exists: boolean }) =>
      saveVerifactuConfig(companyId, body, exists),
    onSuccess: async (config) => {
      queryClient.setQueryData(verifactuKeys.config(companyId), config);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: verifactuKeys.dashboard(companyId) }),
        queryClient.invalidateQueries({ queryKey: verifactuKeys.certificates(companyId) }),
        // Queued records stop (or start) waiting with a reason when the configuration changes.
        queryClient.invalidateQueries({ queryKey: verifactuKeys.submissions(companyId) }),
      ]);
    },
  });
}
