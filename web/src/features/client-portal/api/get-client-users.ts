import type { ClientUsersAnswer } from '@shared/schemas/client-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const clientUsersKey = (companyId: string) => ['client-users', companyId] as const;

/** `GET clientUsers.list`: the company's people a client may see ('Mis usuarios'). */
export function getClientUsers(companyId: string, signal?: AbortSignal): Promise<ClientUsersAnswer> {
  return apiRequest<ClientUsersAnswer>('clientUsers.list', { companyId, signal });
}

export const clientUsersQueryOptions = (companyId: string, enabled = true) =>
  queryOptions({
    queryKey: clientUsersKey(companyId),
    queryFn: ({ signal }) => getClientUsers(companyId, signal),
    enabled,
  });

export function useClientUsers(companyId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(clientUsersQueryOptions(companyId, enabled));
}
