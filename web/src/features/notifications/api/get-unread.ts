import type { UnreadSummary } from '@shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET notifications.unread`: the bell's count and its latest 10 notifications. */
export function getUnread(companyId: string, signal?: AbortSignal): Promise<UnreadSummary> {
  return apiRequest<UnreadSummary>('notifications.unread', { companyId, signal });
}

export const getUnreadQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: notificationsKeys.unread(companyId),
    queryFn: ({ signal }) => getUnread(companyId, signal),
    // The WebSocket keeps it fresh; this is the safety net when the socket is down.
    refetchInterval: 5 * 60_000,
  });

export function useUnread(companyId: string) {
  return useQuery(getUnreadQueryOptions(companyId));
}
