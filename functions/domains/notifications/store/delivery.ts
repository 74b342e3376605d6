/**
 * What happens to a notification after it is written, driven by the table stream
 * (workers/push-notification.ts). Each step is idempotent, so a redelivered batch repeats nothing
 * that counts: events are claimed (store/events.ts), delegate copies are conditional Puts, the
 * immediate e-mail's outbox item is written in the transaction of its `emailed` claim.
 */

import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getCompanies } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  type NotificationRecord,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import type { Logger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import { mailOutboxItem } from '@shared/db/outbox';
import type { UserProfile } from '@shared/db/records';
import type { AnalyticsChannel } from '@shared/schemas/notification-analytics';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import { madridDay } from '../model/dates';
import { immediateMail, immediateOutboxId } from '../model/mail';
import { delegationsFrom, isActiveOn } from './delegations';
import type { NotificationsDeps } from './deps';
import { type EventSubject, minutesSince, readClaims, recordEvent } from './events';
import { preferencesForDelivery } from './preferences';

type Deps = Pick<NotificationsDeps, 'db' | 'table' | 'now' | 'appUrl'>;

/** A stored notification (stream image) as the subject of events. */
export function subjectOf(image: Record<string, unknown>): EventSubject & NotificationRecord {
  return image as unknown as EventSubject & NotificationRecord;
}

export const recordCreated = (deps: Deps, n: EventSubject) =>
  recordEvent(deps, n, { event: 'created', channels: ['IN_APP'], at: deps.now() });

export const recordPushed = (deps: Deps, n: EventSubject) => {
  const at = deps.now();
  return recordEvent(deps, n, {
    event: 'pushed',
    channels: ['WEBSOCKET'],
    at,
    minutes: minutesSince(n.createdAt, at),
  });
};

/** The delegate's copy id: the original id, 'D', and a short hash of the delegate (one copy each). */
export const delegateCopyId = (notificationId: string, toUserId: string) =>
  `${notificationId}D${createHash('sha256').update(toUserId).digest('hex').slice(0, 8)}`;

/**
 * Copies a new notification to the delegates of its owner whose delegation covers the notification's
 * family on its creation day, each as the delegate's own notification (+1 on its unread counter),
 * with `delegatedFrom`. A copy is never delegated again. The delegate's own IN_APP channel and
 * family preferences are honoured. Answers how many copies this call created.
 */
export async function copyToDelegates(deps: Deps, n: NotificationRecord, log?: Logger): Promise<number> {
  if (n.delegatedFrom) return 0;
  const day = madridDay(new Date(n.createdAt));
  const family = notificationCategoryOf(n.type);
  const delegations = (await delegationsFrom(deps, n.companyId, n.userId)).filter(
    (d) => isActiveOn(d, day) && d.categories.includes(family) && d.toUserId !== n.userId,
  );
  let copies = 0;
  const done = new Set<string>();
  for (const d of delegations) {
    if (done.has(d.toUserId)) continue;
    done.add(d.toUserId);
    const preferences = await getNotificationPreferences(deps, d.toUserId);
    if (!preferences.channels.IN_APP || !preferences.types[family]) continue;
    const copy = newNotificationRecord(
      {
        userId: d.toUserId,
        companyId: n.companyId,
        type: n.type,
        title: n.title,
        message: n.message,
        severity: n.severity,
        ...(n.link ? { link: n.link } : {}),
        delegatedFrom: { userId: n.userId, name: d.fromName },
      },
      delegateCopyId(n.notificationId, d.toUserId),
      new Date(n.createdAt),
    );
    try {
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: deps.table,
                Item: notificationItem(copy),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            notificationCounterUpdate(deps.table, { userId: d.toUserId, companyId: n.companyId }, 1),
          ],
        }),
      );
      copies++;
    } catch (e) {
      // Copied before (a redelivered batch): nothing to do.
      if (!(isTransactionCanceled(e) && failedConditionAt(e, 0))) throw e;
      log?.info('Delegate copy already made', { notificationId: n.notificationId, toUserId: d.toUserId });
    }
  }
  return copies;
}

export type EmailOutcome = 'emailed' | 'failed' | 'digest' | 'off' | 'producer' | 'repeated';

/**
 * The EMAIL channel of a new notification, as its owner's preferences say: channel EMAIL and the
 * family on; 'never' (no digest) = e-mailed now through the mail outbox, in one transaction with
 * its `emailed` claim, with an outbox id derived from the notification id; 'daily' = left to the
 * digest. A notification its producer mailed itself (`emailSent`) is skipped. Without an address
 * the event is `email_failed`.
 */
export async function emailChannel(deps: Deps, n: NotificationRecord): Promise<EmailOutcome> {
  const now = deps.now();
  // Read first even when the producer mailed it: this keeps the owner findable by the digest.
  const preferences = await preferencesForDelivery(deps, n.userId, now);
  if (n.emailSent) return 'producer';
  if (!preferences.channels.EMAIL || !preferences.types[notificationCategoryOf(n.type)]) return 'off';
  if (preferences.emailDigest === 'daily') return 'digest';
  const profileRes = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.userProfile(n.userId) }),
  );
  const profile = profileRes.Item as UserProfile | undefined;
  if (profile && profile.isActive === false) return 'off';
  if (!profile?.email) {
    return (await recordEvent(deps, n, { event: 'email_failed', channels: ['EMAIL'], at: now }))
      ? 'failed'
      : 'repeated';
  }
  const [company] = await getCompanies(deps, [n.companyId]);
  const mail = immediateMail({
    to: profile.email,
    companyName: company?.name ?? n.companyId,
    notification: n,
    appUrl: deps.appUrl,
  });
  const written = await recordEvent(
    deps,
    n,
    { event: 'emailed', channels: ['EMAIL'], at: now, minutes: minutesSince(n.createdAt, now) },
    [
      {
        Put: { TableName: deps.table, Item: mailOutboxItem(immediateOutboxId(n.notificationId), mail, now) },
      },
    ],
  );
  return written ? 'emailed' : 'repeated';
}

/** The channels a notification went through besides IN_APP (from its claims), for read and click. */
export async function deliveredChannels(deps: Deps, n: EventSubject): Promise<AnalyticsChannel[]> {
  const claims = (await readClaims(deps, n.companyId, [n.notificationId], ['pushed', 'emailed'])).get(
    n.notificationId,
  );
  return [
    'IN_APP',
    ...(claims?.has('pushed') ? (['WEBSOCKET'] as const) : []),
    ...(claims?.has('emailed') ? (['EMAIL'] as const) : []),
  ];
}

/** Unread -> read: the `read` event with its read time (readAt − createdAt). */
export async function recordRead(deps: Deps, n: EventSubject & { readAt?: string | null }): Promise<boolean> {
  const at = n.readAt ? new Date(n.readAt) : deps.now();
  return recordEvent(deps, n, {
    event: 'read',
    channels: await deliveredChannels(deps, n),
    at,
    minutes: minutesSince(n.createdAt, at),
  });
}
