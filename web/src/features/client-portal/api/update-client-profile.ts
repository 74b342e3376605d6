import type { ClientProfileView, UpdateClientProfileBody } from '@shared/schemas/client-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companyDetailQueryKey } from '@web/lib/company';
import { profileQueryKey } from '@web/lib/profile';
import { clientProfileKey } from './get-client-profile';

/** `PUT clientProfile.update`: only the fields sent change; `null` clears an optional one. */
export function updateClientProfile(
  companyId: string,
  body: UpdateClientProfileBody,
): Promise<ClientProfileView> {
  return apiRequest<ClientProfileView>('clientProfile.update', { companyId, body });
}

/**
 * The answer replaces the cached ficha; the phone is the account's (the session profile refreshes)
 * and the company's contact fields belong to the company (its cached detail refreshes).
 */
export function useUpdateClientProfile(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientProfileBody) => updateClientProfile(companyId, body),
    onSuccess: (profile, body) => {
      queryClient.setQueryData(clientProfileKey(companyId), profile);
      if (body.phone !== undefined) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      if (body.company !== undefined)
        void queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(companyId) });
    },
  });
}
