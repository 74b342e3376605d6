/**
 * Cache updates shared by the mutations and the WebSocket: the bell (count and latest 10) and the
 * paged lists of the notifications page.
 */
import type { Notification, UnreadSummary } from '@shared/schemas/notifications';
import { BELL_LATEST } from '@shared/schemas/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { notificationsKeys } from './keys';

/** A notification pushed by the server: first in the bell, one more unread, lists refetched. */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  const key = notificationsKeys.unread(notification.companyId);
  queryClient.setQueryData<UnreadSummary>(key, (current) => {
    if (!current) return current;
    if (current.latest.some((n) => n.notificationId === notification.notificationId)) return current;
    return {
      count: current.count + (notification.isRead ? 0 : 1),
      latest: [notification, ...current.latest].slice(0, BELL_LATEST),
    };
  });
  if (!queryClient.getQueryData(key)) void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists(notification.companyId) });
}

/** The server's own unread count (after mark-all, or pushed). */
export function setUnreadCount(queryClient: QueryClient, companyId: string, count: number): void {
  queryClient.setQueryData<UnreadSummary>(notificationsKeys.unread(companyId), (current) =>
    current ? { ...current, count } : current,
  );
}

/** After any change: the bell and the lists of the company are read again. */
export function refreshNotifications(queryClient: QueryClient, companyId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationsKeys.company(companyId) });
}
