import type { NotificationStats } from '@shared/schemas/notification-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET notifications.stats`: the caller's notifications in the company, counted. */
export function getNotificationStats(companyId: string, signal?: AbortSignal): Promise<NotificationStats> {
  return apiRequest<NotificationStats>('notifications.stats', { companyId, signal });
}

export const getNotificationStatsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: notificationsKeys.stats(companyId),
    queryFn: ({ signal }) => getNotificationStats(companyId, signal),
  });

export function useNotificationStats(companyId: string) {
  return useQuery(getNotificationStatsQueryOptions(companyId));
}
