import type { NotificationPreferences } from '@shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `GET notifications.getPreferences`: the caller's channels, families and digest. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('notifications.getPreferences', { signal });
}

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
