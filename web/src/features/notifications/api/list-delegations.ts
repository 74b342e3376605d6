import type { NotificationDelegation } from '@shared/schemas/notification-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET notifications.listDelegations`: the delegations of the company the caller gave or received. */
export function listDelegations(companyId: string, signal?: AbortSignal): Promise<NotificationDelegation[]> {
  return apiRequest<NotificationDelegation[]>('notifications.listDelegations', { companyId, signal });
}

export const listDelegationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: notificationsKeys.delegations(companyId),
    queryFn: ({ signal }) => listDelegations(companyId, signal),
  });

export function useDelegations(companyId: string, enabled = true) {
  return useQuery({ ...listDelegationsQueryOptions(companyId), enabled });
}
