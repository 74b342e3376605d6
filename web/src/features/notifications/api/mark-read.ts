import type { Notification } from '@shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshNotifications } from './cache';

/** `PUT notifications.markRead`: unread to read (readAt set). */
export function markNotificationRead(companyId: string, notificationId: string): Promise<Notification> {
  return apiRequest<Notification>('notifications.markRead', { params: { notificationId }, companyId });
}

export function useMarkNotificationRead(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => markNotificationRead(companyId, notificationId),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
