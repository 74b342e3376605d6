/**
 * Creating a notification, for any domain whose workers tell someone something happened (the
 * notifications domain serves reading and marking them). The item and +1 on the user's unread
 * counter are one transaction; the table stream pushes it to the user's open sockets.
 */

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  defaultNotificationPreferences,
  mergeNotificationPreferences,
  type Notification,
  type NotificationPreferences,
  type NotificationSeverity,
  notificationCategoryOf,
} from '@shared/schemas/notifications';

export interface NotificationWriteDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  /** Random part of new ids (letters and digits). */
  newId: () => string;
}

/** What callers give to create a notification. */
export interface NewNotification {
  userId: string;
  companyId: string;
  type: string;
  title: string;
  message: string;
  severity: NotificationSeverity;
  /** An in-app path (`/app/...`). */
  link?: string;
  /** The producer mails it itself (in the same transaction): the e-mail channel and digest skip it. */
  emailSent?: boolean;
  /** Only on a delegate's copy (made by the notifications stream consumer). */
  delegatedFrom?: { userId: string; name: string };
}

/** The stored record of a notification, without keys. */
export interface NotificationRecord extends Notification {
  userId: string;
  /** Epoch seconds (DynamoDB TTL); only read notifications have one. */
  ttl?: number;
}

/**
 * Time-ordered id: 13 decimal digits of epoch milliseconds, then a random part. Sorting the ids
 * sorts by creation time, so the sort key `N#<id>` serves both "newest first" and GetItem by id.
 */
export function newNotificationId(now: Date, random: string): string {
  const suffix = random.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  return `${String(now.getTime()).padStart(13, '0')}${suffix}`;
}

export function newNotificationRecord(input: NewNotification, notificationId: string, now: Date) {
  const record: NotificationRecord = {
    notificationId,
    userId: input.userId,
    companyId: input.companyId,
    type: input.type,
    title: input.title,
    message: input.message,
    severity: input.severity,
    ...(input.link ? { link: input.link } : {}),
    ...(input.emailSent ? { emailSent: true } : {}),
    ...(input.delegatedFrom ? { delegatedFrom: input.delegatedFrom } : {}),
    isRead: false,
    readAt: null,
    createdAt: now.toISOString(),
  };
  return record;
}

/** The stored item: keys, the sparse unread index while unread, entity and version, the record. */
export function notificationItem(record: NotificationRecord): Record<string, unknown> {
  return {
    ...keys.notification(record.userId, record.companyId, record.notificationId),
    ...(record.isRead ? {} : keys.unreadNotification(record.userId, record.companyId, record.notificationId)),
    entity: 'Notification',
    v: SCHEMA_VERSION,
    ...record,
  };
}

/** ADD `delta` to the unread counter of a (user, company). */
export function notificationCounterUpdate(
  table: string,
  owner: { userId: string; companyId: string },
  delta: number,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.notificationCounter(owner.userId, owner.companyId),
      UpdateExpression: 'SET entity = :e, v = :v, userId = :u, companyId = :c ADD unread :d',
      ExpressionAttributeValues: {
        ':e': 'NotificationCounter',
        ':v': SCHEMA_VERSION,
        ':u': owner.userId,
        ':c': owner.companyId,
        ':d': delta,
      },
    },
  };
}

/** Creates the notification and +1 on the unread counter in one transaction (no preferences check). */
export async function createNotification(
  deps: NotificationWriteDeps,
  input: NewNotification,
): Promise<NotificationRecord> {
  const now = deps.now();
  const record = newNotificationRecord(input, newNotificationId(now, deps.newId()), now);
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.table,
            Item: notificationItem(record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        notificationCounterUpdate(deps.table, input, 1),
      ],
    }),
  );
  return record;
}

/** A user's notification preferences (one item per user), the defaults where absent. */
export async function getNotificationPreferences(
  deps: Pick<NotificationWriteDeps, 'db' | 'table'>,
  userId: string,
): Promise<NotificationPreferences> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.notificationPreferences(userId) }),
  );
  const stored = res.Item?.preferences as Partial<NotificationPreferences> | undefined;
  // Preferences written before a new channel or family existed get that one from the defaults.
  return mergeNotificationPreferences(defaultNotificationPreferences(), stored ?? {});
}

/**
 * Creates the notification unless the user switched off in-app notifications or this family of
 * notification (preferences are per user, not per company). Answers what was created, if anything.
 */
export async function notifyUser(
  deps: NotificationWriteDeps,
  input: NewNotification,
): Promise<NotificationRecord | undefined> {
  const preferences = await getNotificationPreferences(deps, input.userId);
  if (!preferences.channels.IN_APP || !preferences.types[notificationCategoryOf(input.type)])
    return undefined;
  return createNotification(deps, input);
}
