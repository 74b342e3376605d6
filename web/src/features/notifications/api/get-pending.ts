import type { PendingNotifications } from '@shared/schemas/notification-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET notifications.pending`: unread, and what waits for the next daily e-mail summary. */
export function getPendingNotifications(
  companyId: string,
  signal?: AbortSignal,
): Promise<PendingNotifications> {
  return apiRequest<PendingNotifications>('notifications.pending', { companyId, signal });
}

export const getPendingNotificationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: notificationsKeys.pending(companyId),
    queryFn: ({ signal }) => getPendingNotifications(companyId, signal),
  });

export function usePendingNotifications(companyId: string) {
  return useQuery(getPendingNotificationsQueryOptions(companyId));
}
