/**
 * Notification items and the unread counter of each (user, company) — access patterns 20-23.
 *
 * Every write that changes whether a notification is unread changes the counter in the same
 * TransactWriteItems, conditioned on the state it read (`isRead = :was`), so a double click, two
 * tabs or a retry can never apply the same change twice: the loser's condition fails, it reads the
 * item again and finds nothing left to do. The read-state writes live in the notifications library
 * (functions/lib/notifications/read-state.ts), shared with the portal's messages.markRead. Items are
 * only ever addressed under the caller's own partition (`NOTIF#<userId>#<companyId>`), so another
 * user's id is simply not found.
 */

import {
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  createNotification as createInPlatform,
  lostRace,
  MAX_READ_ATTEMPTS,
  markUnreadNotificationsRead,
  type NewNotification,
  type NotificationRecord,
  notificationCounterUpdate,
  notificationItem,
  readStateWrites,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import type { Page } from '@shared/api/envelope';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { MarkAllReadResult, Notification } from '@shared/schemas/notifications';
import { hasExpired, toNotification } from '../model/notification';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;
type WriteDeps = Pick<NotificationsDeps, 'db' | 'table' | 'now' | 'newId'>;
type Item = Record<string, unknown>;

export interface Owner {
  userId: string;
  companyId: string;
}

const notFound = () => new AppError('CORE_006', 'La notificación no existe.');

export { notificationItem };

const counterUpdate = (deps: Deps, owner: Owner, delta: number): TransactItem =>
  notificationCounterUpdate(deps.table, owner, delta);

async function transact(deps: Deps, items: TransactItem[]): Promise<void> {
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
}

// --- create ---------------------------------------------------------------------------------------

/**
 * Creates a notification for a user in a company: the item and +1 on the unread counter in one
 * transaction. The table stream then pushes it to the user's open sockets (push-notification.ts).
 * Workers of this domain that notify someone call this; it does not consult preferences
 * (see notifyUser).
 */
export async function createNotification(deps: WriteDeps, input: NewNotification): Promise<Notification> {
  return toNotification(await createInPlatform(deps, input));
}

// --- read -----------------------------------------------------------------------------------------

/** One notification of the caller, strongly consistent (a second click must see the first). */
async function getItem(deps: Deps, owner: Owner, notificationId: string, now: Date) {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.notification(owner.userId, owner.companyId, notificationId),
      ConsistentRead: true,
    }),
  );
  const item = res.Item as (Item & NotificationRecord) | undefined;
  return item && !hasExpired(item, now) ? item : undefined;
}

/** One live notification of the caller, or undefined (another user's id is simply not found). */
export const getNotification = (deps: Deps, owner: Owner, notificationId: string, now: Date) =>
  getItem(deps, owner, notificationId, now);

export async function unreadCount(deps: Deps, owner: Owner): Promise<number> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.notificationCounter(owner.userId, owner.companyId),
      ConsistentRead: true,
    }),
  );
  return Math.max(0, Number(res.Item?.unread ?? 0));
}

const NOT_EXPIRED = 'attribute_not_exists(#ttl) OR #ttl > :now';

/** Sparse index: only unread items are in it, and unread items never expire (no TTL filter). */
function unreadQuery(deps: Deps, owner: Owner): QueryCommandInput {
  return {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :g',
    ExpressionAttributeValues: {
      ':g': keys.unreadNotificationPartition(owner.userId, owner.companyId).gsi1pk,
    },
  };
}

function allQuery(deps: Deps, owner: Owner, now: Date): QueryCommandInput {
  const { pk, skPrefix } = keys.notificationPrefix(owner.userId, owner.companyId);
  return {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
    FilterExpression: NOT_EXPIRED,
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':pk': pk, ':n': skPrefix, ':now': Math.floor(now.getTime() / 1000) },
  };
}

/** The newest `wanted` items of a query, reading no more than needed (Limit shrinks as they come). */
async function newest(deps: Deps, input: QueryCommandInput, wanted: number): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        ...input,
        ScanIndexForward: false,
        Limit: wanted - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < wanted);
  return items.slice(0, wanted);
}

/**
 * How many live notifications the caller has in the company: a Select COUNT Query over its
 * partition (no items travel back). Not a counter like `unread`, because TTL deletions of read
 * notifications bypass our transactions and would make a stored total drift. The partition stays
 * small in practice (read notifications expire after 90 days; unread ones are what the user still
 * has to see), so this is a cheap read; COUNT is charged like the read but returns no items.
 */
async function countLive(deps: Deps, owner: Owner, now: Date): Promise<number> {
  const input = allQuery(deps, owner, now);
  let total = 0;
  let start: Item | undefined;
  do {
    const res = await deps.db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    total += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return total;
}

/**
 * Page N of the caller's notifications, newest first. DynamoDB has no offsets: the Query reads
 * the first (N + 1) x size items and keeps the last `size`. Pages are at most 100 and people read
 * the first few, so the cost stays small; the total comes from the counter (unread only) or a
 * COUNT Query (all), run in parallel.
 */
export async function listNotifications(
  deps: Deps,
  owner: Owner,
  opts: { unreadOnly: boolean; page: number; size: number; now: Date },
): Promise<Page<Notification>> {
  const { page, size, unreadOnly, now } = opts;
  const [items, totalElements] = await Promise.all([
    newest(deps, unreadOnly ? unreadQuery(deps, owner) : allQuery(deps, owner, now), (page + 1) * size),
    unreadOnly ? unreadCount(deps, owner) : countLive(deps, owner, now),
  ]);
  return {
    content: items.slice(page * size).map(toNotification),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

/** The latest notifications, read or not (the bell's dropdown). */
export async function latestNotifications(
  deps: Deps,
  owner: Owner,
  limit: number,
  now: Date,
): Promise<Notification[]> {
  return (await newest(deps, allQuery(deps, owner, now), limit)).map(toNotification);
}

// --- read state -------------------------------------------------------------------------------------

/**
 * Marks one notification read or unread. Already in that state: nothing is written (a double
 * click is a no-op). 404 CORE_006 when the caller has no such notification in the company.
 */
export async function setReadState(
  deps: Deps,
  owner: Owner,
  notificationId: string,
  read: boolean,
  now: Date,
): Promise<{ notification: Notification; changed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const item = await getItem(deps, owner, notificationId, now);
    if (!item) throw notFound();
    if (item.isRead === read) return { notification: toNotification(item), changed: false };
    try {
      await transact(deps, readStateWrites(deps.table, owner, item, read, now));
      return {
        notification: toNotification({ ...item, isRead: read, readAt: read ? now.toISOString() : null }),
        changed: true,
      };
    } catch (e) {
      if (!lostRace(e) || attempt >= MAX_READ_ATTEMPTS) throw e;
    }
  }
}

/** Deletes one notification; an unread one takes its count with it in the same transaction. */
export async function deleteNotification(
  deps: Deps,
  owner: Owner,
  notificationId: string,
  now: Date,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const item = await getItem(deps, owner, notificationId, now);
    if (!item) throw notFound();
    const writes: TransactItem[] = [
      {
        Delete: {
          TableName: deps.table,
          Key: keys.notification(owner.userId, owner.companyId, notificationId),
          ConditionExpression: 'attribute_exists(pk) AND isRead = :was',
          ExpressionAttributeValues: { ':was': item.isRead },
        },
      },
    ];
    if (!item.isRead) writes.push(counterUpdate(deps, owner, -1));
    try {
      await transact(deps, writes);
      return;
    } catch (e) {
      if (!lostRace(e) || attempt >= MAX_READ_ATTEMPTS) throw e;
    }
  }
}

/**
 * Marks every unread notification of the caller in the company read (batched, redone item by item
 * after a lost race: markNotificationsRead in the library). The counter is not forced to 0 at the
 * end: it already moved by exactly what changed, and a notification created during the call must
 * stay counted.
 */
export async function markAllRead(deps: Deps, owner: Owner, now: Date): Promise<MarkAllReadResult> {
  const updated = await markUnreadNotificationsRead(deps, owner, now);
  return { updated, count: await unreadCount(deps, owner) };
}
