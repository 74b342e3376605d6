import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshNotifications } from './cache';

/** `DELETE notifications.delete`. */
export function deleteNotification(
  companyId: string,
  notificationId: string,
): Promise<{ notificationId: string }> {
  return apiRequest('notifications.delete', { params: { notificationId }, companyId });
}

export function useDeleteNotification(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => deleteNotification(companyId, notificationId),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
