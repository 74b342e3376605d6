/**
 * Table stream consumer `notification-push` (infra/manifest.ts): a Notification item inserted by
 * anyone reaches the owner's open WebSocket connections for that company at once, as
 * `{ type: 'notification', notification }`. Read-state changes (MODIFY) and deletions are not
 * pushed; the web refetches the count after its own changes. Pushing is best effort (pushToUser
 * never throws for a bad socket), so a failure here is a table read failing and the batch retries.
 */

import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import type { NotificationPushMessage } from '@shared/schemas/notifications';
import { toNotification } from '../model/notification';
import { pushToUser } from '../store/push';

export async function pushNotification(change: StreamChange, { log }: WorkerContext): Promise<void> {
  const image = change.newImage;
  if (change.eventName !== 'INSERT' || !image) return;
  const userId = String(image.userId ?? '');
  const notification = toNotification(image);
  if (!userId) {
    log.warn('Notification without owner not pushed', { notificationId: notification.notificationId });
    return;
  }
  const message: NotificationPushMessage = { type: 'notification', notification };
  const result = await pushToUser(userId, message, notification.companyId, log);
  log.info('Notification pushed', { notificationId: notification.notificationId, userId, ...result });
}

export const handler = streamHandler({ entities: ['Notification'] }, pushNotification);
