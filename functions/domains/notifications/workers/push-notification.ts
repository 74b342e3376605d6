/**
 * Table stream consumer `notification-push` (infra/manifest.ts), for Notification items:
 *  - INSERT: counts `created` (IN_APP), pushes `{ type: 'notification', notification }` to the owner's
 *    open WebSocket connections for that company and counts `pushed` (WEBSOCKET) when a socket took
 *    it, copies it to the owner's delegates (store/delivery.ts), and sends the EMAIL channel as the
 *    owner's preferences say (immediately, or left to the daily digest);
 *  - MODIFY with isRead false -> true: counts `read` with its read time.
 * Every count is claimed (store/events.ts), so a redelivered batch counts nothing twice. Pushing is
 * best effort (pushToUser never throws for a bad socket); a table failure fails the record and the
 * batch restarts from it.
 */

import { once } from '@functions/platform/aws/env';
import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import type { NotificationPushMessage } from '@shared/schemas/notifications';
import { toNotification } from '../model/notification';
import {
  copyToDelegates,
  emailChannel,
  recordCreated,
  recordPushed,
  recordRead,
  subjectOf,
} from '../store/delivery';
import { makeDeps, type NotificationsDeps } from '../store/deps';
import { pushToUser } from '../store/push';

type Deps = Pick<NotificationsDeps, 'db' | 'table' | 'now' | 'appUrl'>;

/** The push itself, injectable for tests (store/push.ts in production). */
export type Pusher = typeof pushToUser;

export async function processNotificationChange(
  deps: Deps,
  change: StreamChange,
  { log }: WorkerContext,
  push: Pusher = pushToUser,
): Promise<void> {
  const image = change.newImage;
  if (!image) return;
  const n = subjectOf(image);
  if (!n.userId || !n.companyId || !n.notificationId) {
    log.warn('Notification without owner not processed', { notificationId: n.notificationId });
    return;
  }
  if (change.eventName === 'MODIFY') {
    if (change.oldImage?.isRead === false && image.isRead === true) await recordRead(deps, n);
    return;
  }
  if (change.eventName !== 'INSERT') return;
  await recordCreated(deps, n);
  const notification = toNotification(image);
  const message: NotificationPushMessage = { type: 'notification', notification };
  const result = await push(n.userId, message, n.companyId, log);
  if (result.sent > 0) await recordPushed(deps, n);
  const copies = await copyToDelegates(deps, n, log);
  const email = await emailChannel(deps, n);
  log.info('Notification delivered', {
    notificationId: n.notificationId,
    userId: n.userId,
    ...result,
    copies,
    email,
  });
}

const deps = once(makeDeps);

export async function pushNotification(change: StreamChange, ctx: WorkerContext): Promise<void> {
  await processNotificationChange(deps(), change, ctx);
}

export const handler = streamHandler({ entities: ['Notification'] }, pushNotification);
