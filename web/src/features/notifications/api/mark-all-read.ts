import type { MarkAllReadResult } from '@shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshNotifications, setUnreadCount } from './cache';

/** `PUT notifications.markAllRead`: every unread notification of the company, read. */
export function markAllNotificationsRead(companyId: string): Promise<MarkAllReadResult> {
  return apiRequest<MarkAllReadResult>('notifications.markAllRead', { companyId });
}

export function useMarkAllNotificationsRead(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(companyId),
    onSuccess: (result) => setUnreadCount(queryClient, companyId, result.count),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
