/**
 * Live messaging: the notifications WebSocket (notifications feature) publishes every pushed
 * notification on `web/src/lib/push-messages.ts` as `{ type: 'notification', notification }`; a new
 * message arrives as a notification of type `message_received`. Subscribers refetch what shows it.
 */
import type { Notification } from '@shared/schemas/notifications';
import { usePushMessages } from '@web/lib/push-messages';

/** The notification type a new message produces (shared/schemas/notifications.ts, family `messages`). */
export const MESSAGE_RECEIVED = 'message_received';

export interface PushedNotification {
  type: 'notification';
  notification: Notification;
}

/** Calls `onMessage` when a message of the company arrives over the WebSocket. */
export function useMessageNotifications(
  companyId: string | null,
  onMessage: (notification: Notification) => void,
) {
  usePushMessages<PushedNotification>('notification', (message) => {
    const notification = message.notification;
    if (!notification || notification.type !== MESSAGE_RECEIVED) return;
    if (companyId !== null && notification.companyId !== companyId) return;
    onMessage(notification);
  });
}
