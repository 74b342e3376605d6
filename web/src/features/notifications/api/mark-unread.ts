import type { Notification } from '@shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshNotifications } from './cache';

/** `PUT notifications.markUnread`: read back to unread. */
export function markNotificationUnread(companyId: string, notificationId: string): Promise<Notification> {
  return apiRequest<Notification>('notifications.markUnread', { params: { notificationId }, companyId });
}

export function useMarkNotificationUnread(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => markNotificationUnread(companyId, notificationId),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
