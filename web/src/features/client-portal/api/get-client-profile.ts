import type { ClientProfileView } from '@shared/schemas/client-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const clientProfileKey = (companyId: string) => ['client-profile', companyId] as const;

/** `GET clientProfile.get`: the caller's ficha in the selected company (contact and company as stored). */
export function getClientProfile(companyId: string, signal?: AbortSignal): Promise<ClientProfileView> {
  return apiRequest<ClientProfileView>('clientProfile.get', { companyId, signal });
}

export const clientProfileQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: clientProfileKey(companyId),
    queryFn: ({ signal }) => getClientProfile(companyId, signal),
  });

export function useClientProfile(companyId: string) {
  return useQuery(clientProfileQueryOptions(companyId));
}
