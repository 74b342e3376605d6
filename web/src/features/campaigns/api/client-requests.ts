import type { Page } from '@shared/api/envelope';
import type { ClientDocumentRequest } from '@shared/schemas/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { campaignsKeys } from './keys';

/** The safety net when the notifications socket is down (the bell's own is 5 minutes). */
export const CLIENT_REQUESTS_POLL_MS = 5 * 60_000;

/** `GET clientRequests.list`: the selected company's open checklists, soonest due first. */
export async function listClientRequests(
  companyId: string,
  signal?: AbortSignal,
): Promise<ClientDocumentRequest[]> {
  const data = await apiRequest<ClientDocumentRequest[] | Page<ClientDocumentRequest>>(
    'clientRequests.list',
    {
      companyId,
      signal,
    },
  );
  const list = Array.isArray(data) ? data : data.content;
  return [...list].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name, 'es'));
}

export const clientRequestsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: campaignsKeys.clientRequests(companyId),
    queryFn: ({ signal }) => listClientRequests(companyId, signal),
    refetchInterval: CLIENT_REQUESTS_POLL_MS,
  });

export function useClientRequests(companyId: string) {
  return useQuery(clientRequestsQueryOptions(companyId));
}
