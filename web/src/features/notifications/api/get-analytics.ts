import type { AnalyticsView, NotificationAnalytics } from '@shared/schemas/notification-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/**
 * `GET notifications.analytics/{view}` over the default window (the last 30 days, spec part 3 §9),
 * computed by the server from the recorded delivery, read and click events.
 */
export function getNotificationAnalytics<V extends AnalyticsView>(
  companyId: string,
  view: V,
  signal?: AbortSignal,
): Promise<NotificationAnalytics[V]> {
  return apiRequest<NotificationAnalytics[V]>('notifications.analytics', {
    params: { view },
    companyId,
    signal,
  });
}

export const getNotificationAnalyticsQueryOptions = <V extends AnalyticsView>(companyId: string, view: V) =>
  queryOptions({
    queryKey: notificationsKeys.analytics(companyId, view),
    queryFn: ({ signal }) => getNotificationAnalytics(companyId, view, signal),
  });

export function useNotificationAnalytics<V extends AnalyticsView>(
  companyId: string,
  view: V,
  enabled = true,
) {
  return useQuery({ ...getNotificationAnalyticsQueryOptions(companyId, view), enabled });
}
