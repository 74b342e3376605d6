import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { ClickResult } from '../types';
import { refreshNotifications } from './cache';

/** `POST notifications.click`: records that the notification was opened (the analytics' clicks). */
export function clickNotification(companyId: string, notificationId: string): Promise<ClickResult> {
  return apiRequest<ClickResult>('notifications.click', { params: { notificationId }, companyId });
}

export function useClickNotification(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => clickNotification(companyId, notificationId),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
