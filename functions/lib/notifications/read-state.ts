/**
 * Whether a notification is read, for the notifications domain (mark read / unread / read all) and
 * any domain that reads on the user's behalf what a notification announced (the portal's
 * messages.markRead). Every change of read state moves the unread counter in the same
 * TransactWriteItems, conditioned on the state that was read (`isRead = :was`), so a double click,
 * two tabs or a retry never apply one change twice: the loser's condition fails, it reads the item
 * again and finds nothing left to do. The table stream then counts the `read` event once per
 * notification (the MODIFY isRead false -> true).
 */

import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  failedAnyCondition,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import {
  type NotificationRecord,
  type NotificationWriteDeps,
  notificationCounterUpdate,
} from './notifications';

type Deps = Pick<NotificationWriteDeps, 'db' | 'table'>;
type Item = Record<string, unknown>;

export interface NotificationOwner {
  userId: string;
  companyId: string;
}

/** What marking a notification read needs of it. */
export type ReadTarget = Pick<NotificationRecord, 'notificationId' | 'createdAt'>;

/** Transactions per read-all batch: 100 actions at most, one of them the counter. */
export const READ_ALL_BATCH = 50;
/** Attempts of a read-state change that keeps losing a race before giving up (500). */
export const MAX_READ_ATTEMPTS = 3;

/**
 * Read notifications expire 90 days after they were created (DynamoDB TTL), and never sooner than
 * a week after they were read, so reading an old one does not make it vanish under the user's
 * finger. Unread ones do not expire: the unread counter is exact only while nothing deletes an
 * unread item behind its back, and TTL deletions do not go through our transactions.
 */
export const RETENTION_DAYS = 90;
export const MIN_DAYS_AFTER_READ = 7;
const DAY_MS = 86_400_000;

export function readExpiry(createdAt: string, readAt: Date): number {
  const byAge = Date.parse(createdAt) + RETENTION_DAYS * DAY_MS;
  const byRead = readAt.getTime() + MIN_DAYS_AFTER_READ * DAY_MS;
  return Math.floor(Math.max(byAge, byRead) / 1000);
}

/** A condition of ours failed (or another transaction held the item): read again and decide anew. */
export function lostRace(e: unknown): boolean {
  if (isConditionalCheckFailed(e)) return true;
  if (!isTransactionCanceled(e)) return false;
  return failedAnyCondition(e) || cancellationCodes(e).includes('TransactionConflict');
}

const prefixed = (k: { gsi1pk: string; gsi1sk: string }) => ({ ':g': k.gsi1pk, ':gs': k.gsi1sk });

/** The item's update to `read` or unread, conditioned on the opposite state; then the counter's ∓1. */
export function readStateWrites(
  table: string,
  owner: NotificationOwner,
  item: ReadTarget,
  read: boolean,
  now: Date,
): [TransactItem, TransactItem] {
  const Key = keys.notification(owner.userId, owner.companyId, item.notificationId);
  const update: TransactItem = read
    ? {
        Update: {
          TableName: table,
          Key,
          UpdateExpression: 'SET isRead = :true, readAt = :at, #ttl = :ttl REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk) AND isRead = :false',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':true': true,
            ':false': false,
            ':at': now.toISOString(),
            ':ttl': readExpiry(item.createdAt, now),
          },
        },
      }
    : {
        Update: {
          TableName: table,
          Key,
          UpdateExpression: 'SET isRead = :false, readAt = :null, gsi1pk = :g, gsi1sk = :gs REMOVE #ttl',
          ConditionExpression: 'attribute_exists(pk) AND isRead = :true',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':true': true,
            ':false': false,
            ':null': null,
            ...prefixed(keys.unreadNotification(owner.userId, owner.companyId, item.notificationId)),
          },
        },
      };
  return [update, notificationCounterUpdate(table, owner, read ? -1 : 1)];
}

/** Which unread notifications to take: one type, and (if given) one of these links. */
export interface UnreadMatch {
  type: string;
  links?: readonly string[];
}

/**
 * The owner's unread notifications (the sparse unread index: only unread items carry gsi1 keys,
 * so the Query reads no read ones), all of them or those matching `match`.
 */
export async function unreadNotifications(
  deps: Deps,
  owner: NotificationOwner,
  match?: UnreadMatch,
): Promise<ReadTarget[]> {
  const links = match?.links ?? [];
  const linkValues = Object.fromEntries(links.map((l, i) => [`:l${i}`, l]));
  const filter = match
    ? {
        FilterExpression: `#type = :type${links.length ? ` AND link IN (${Object.keys(linkValues).join(', ')})` : ''}`,
        ExpressionAttributeNames: { '#type': 'type' },
      }
    : {};
  const out: ReadTarget[] = [];
  let start: Item | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :g',
        ...filter,
        ExpressionAttributeValues: {
          ':g': keys.unreadNotificationPartition(owner.userId, owner.companyId).gsi1pk,
          ...(match ? { ':type': match.type, ...linkValues } : {}),
        },
        ProjectionExpression: 'notificationId, createdAt',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) out.push(item as unknown as ReadTarget);
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

async function transact(deps: Deps, items: TransactItem[]): Promise<void> {
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
}

/** One notification read, if it still is unread (read again after a lost race); true if it changed. */
async function markOneRead(deps: Deps, owner: NotificationOwner, notificationId: string, now: Date) {
  for (let attempt = 1; ; attempt++) {
    const res = await deps.db.send(
      new GetCommand({
        TableName: deps.table,
        Key: keys.notification(owner.userId, owner.companyId, notificationId),
        ConsistentRead: true,
      }),
    );
    const item = res.Item as (Item & NotificationRecord) | undefined;
    // Deleted or read meanwhile (an expired item is a read one): nothing left to mark.
    if (!item || item.isRead) return false;
    try {
      await transact(deps, readStateWrites(deps.table, owner, item, true, now));
      return true;
    } catch (e) {
      if (!lostRace(e) || attempt >= MAX_READ_ATTEMPTS) throw e;
    }
  }
}

/**
 * Marks these unread notifications of the owner read: batches of READ_ALL_BATCH items plus the
 * counter, each one transaction. A batch that loses a race (one of its items was read or deleted
 * meanwhile, e.g. in another tab) is redone item by item. Answers how many changed: the counter
 * moved by exactly that, so a notification created during the call stays counted.
 */
export async function markNotificationsRead(
  deps: Deps,
  owner: NotificationOwner,
  items: readonly ReadTarget[],
  now: Date,
): Promise<number> {
  let updated = 0;
  for (let i = 0; i < items.length; i += READ_ALL_BATCH) {
    const batch = items.slice(i, i + READ_ALL_BATCH);
    try {
      await transact(deps, [
        ...batch.map((item) => readStateWrites(deps.table, owner, item, true, now)[0]),
        notificationCounterUpdate(deps.table, owner, -batch.length),
      ]);
      updated += batch.length;
    } catch (e) {
      if (!lostRace(e)) throw e;
      for (const item of batch) if (await markOneRead(deps, owner, item.notificationId, now)) updated += 1;
    }
  }
  return updated;
}

/** Every unread notification of the owner (or those matching `match`) becomes read; answers how many. */
export async function markUnreadNotificationsRead(
  deps: Deps,
  owner: NotificationOwner,
  now: Date,
  match?: UnreadMatch,
): Promise<number> {
  return markNotificationsRead(deps, owner, await unreadNotifications(deps, owner, match), now);
}
