import type {
  NotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `PUT notifications.updatePreferences`: any subset; the answer is the whole set. */
export function updateNotificationPreferences(
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('notifications.updatePreferences', { body });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationsKeys.preferences(), preferences),
  });
}
