/**
 * The caller's own notification figures (issue 20): stats, history with delivery channels, pending
 * deliveries and cleanup — all within the caller's partition `NOTIF#<user>#<company>` (bounded:
 * read notifications expire after 90 days) and the event claims of the listed ids.
 */

import {
  DeleteCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import type { NotificationRecord } from '@functions/lib/notifications';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import { addDays } from '@shared/fiscal/tax-calendar';
import type {
  AnalyticsChannel,
  NotificationHistoryEntry,
  NotificationStats,
  PendingNotifications,
} from '@shared/schemas/notification-analytics';
import { type NotificationPreferences, notificationCategoryOf } from '@shared/schemas/notifications';
import { idTimePrefix, madridInstant, nextDigestAt } from '../model/dates';
import { hasExpired } from '../model/notification';
import type { NotificationsDeps } from './deps';
import { readClaims } from './events';
import type { Owner } from './notifications';
import { unreadCount } from './notifications';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;
type Item = Record<string, unknown>;
const DAY_MS = 86_400_000;

const partition = (owner: Owner) => keys.notificationPrefix(owner.userId, owner.companyId).pk;
/** The sort key of the ids created at `ms` (ids start with 13 digits of epoch ms): a range bound. */
const idSk = (owner: Owner, ms: number) =>
  keys.notification(owner.userId, owner.companyId, idTimePrefix(ms)).sk;

/** Query input over the caller's notifications with ids in [fromMs, toMs] (ids start with their epoch ms). */
function rangeQuery(deps: Deps, owner: Owner, fromMs: number, toMs: number, now: Date): QueryCommandInput {
  return {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    FilterExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':pk': partition(owner),
      ':a': idSk(owner, Math.max(0, fromMs)),
      ':b': `${idSk(owner, toMs)}~`,
      ':now': Math.floor(now.getTime() / 1000),
    },
  };
}

// --- stats -----------------------------------------------------------------------------------------

export async function notificationStats(deps: Deps, owner: Owner, now: Date): Promise<NotificationStats> {
  const items = (await queryAll(deps, {
    ...rangeQuery(deps, owner, 0, now.getTime() + DAY_MS, now),
    ProjectionExpression: '#type, severity, isRead, createdAt, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
  })) as unknown as NotificationRecord[];
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const out: NotificationStats = {
    total: 0,
    unread: 0,
    read: 0,
    last7Days: 0,
    byCategory: {},
    bySeverity: {},
  };
  for (const n of items) {
    out.total++;
    if (n.isRead) out.read++;
    else out.unread++;
    if (Date.parse(n.createdAt) >= weekAgo) out.last7Days++;
    const category = notificationCategoryOf(n.type);
    out.byCategory[category] = (out.byCategory[category] ?? 0) + 1;
    out.bySeverity[n.severity] = (out.bySeverity[n.severity] ?? 0) + 1;
  }
  return out;
}

// --- history ---------------------------------------------------------------------------------------

/** Whether the daily digest will still list this unread notification (its EMAIL channel is waiting). */
const awaitsDigest = (n: NotificationRecord, p: NotificationPreferences) =>
  !n.isRead &&
  !n.emailSent &&
  p.emailDigest === 'daily' &&
  p.channels.EMAIL &&
  p.types[notificationCategoryOf(n.type)];

/**
 * The caller's notifications created in [from, to] (Madrid days; the last 30 days by default), newest
 * first, paged like the list, each with the channels it went through (from its event claims).
 */
export async function notificationHistory(
  deps: Deps,
  owner: Owner,
  opts: {
    from?: string;
    to?: string;
    page: number;
    size: number;
    now: Date;
    today: string;
    preferences: NotificationPreferences;
  },
): Promise<Page<NotificationHistoryEntry>> {
  const to = opts.to ?? opts.today;
  const from = opts.from ?? addDays(to, -29);
  const input = rangeQuery(
    deps,
    owner,
    madridInstant(from).getTime(),
    madridInstant(addDays(to, 1)).getTime() - 1,
    opts.now,
  );
  const wanted = (opts.page + 1) * opts.size;
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
  let totalElements = 0;
  start = undefined;
  do {
    const res: QueryCommandOutput = await deps.db.send(
      new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    totalElements += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);

  const pageItems = (items.slice(opts.page * opts.size, wanted) as unknown as NotificationRecord[]).filter(
    (n) => !hasExpired(n, opts.now),
  );
  const claims = await readClaims(
    deps,
    owner.companyId,
    pageItems.map((n) => n.notificationId),
    ['pushed', 'emailed', 'email_failed', 'clicked'],
  );
  const content = pageItems.map((n): NotificationHistoryEntry => {
    const c = claims.get(n.notificationId);
    const emailStatus: NotificationHistoryEntry['emailStatus'] =
      c?.has('emailed') || n.emailSent
        ? 'SENT'
        : c?.has('email_failed')
          ? 'FAILED'
          : awaitsDigest(n, opts.preferences)
            ? 'PENDING_DIGEST'
            : 'NOT_SENT';
    const channels: AnalyticsChannel[] = [
      'IN_APP',
      ...(c?.has('pushed') ? (['WEBSOCKET'] as const) : []),
      ...(emailStatus === 'SENT' ? (['EMAIL'] as const) : []),
    ];
    return {
      notificationId: n.notificationId,
      type: n.type,
      title: n.title,
      createdAt: n.createdAt,
      isRead: n.isRead,
      readAt: n.readAt ?? null,
      clickedAt: c?.get('clicked') ?? null,
      channels,
      emailStatus,
    };
  });
  return {
    content,
    page: opts.page,
    size: opts.size,
    totalElements,
    totalPages: Math.ceil(totalElements / opts.size),
  };
}

// --- pending ---------------------------------------------------------------------------------------

/**
 * Unread (the counter), how many of them the next digest will list (unread since the previous
 * digest, not e-mailed otherwise) and when it goes out.
 */
export async function pendingNotifications(
  deps: Deps,
  owner: Owner,
  opts: { now: Date; preferences: NotificationPreferences; lastDigestAt: Date },
): Promise<PendingNotifications> {
  const p = opts.preferences;
  const daily = p.emailDigest === 'daily' && p.channels.EMAIL;
  const unread = await unreadCount(deps, owner);
  if (!daily || unread === 0)
    return { unread, awaitingDigest: 0, nextDigestAt: daily ? nextDigestAt(opts.now).toISOString() : null };
  const items = (await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :a',
    ExpressionAttributeValues: {
      ':pk': keys.unreadNotificationPartition(owner.userId, owner.companyId).gsi1pk,
      ':a': keys.unreadNotification(
        owner.userId,
        owner.companyId,
        idTimePrefix(opts.lastDigestAt.getTime() + 1),
      ).gsi1sk,
    },
  })) as unknown as NotificationRecord[];
  const candidates = items.filter(
    (n) => awaitsDigest(n, p) && Date.parse(n.createdAt) > opts.lastDigestAt.getTime(),
  );
  const claims = await readClaims(
    deps,
    owner.companyId,
    candidates.map((n) => n.notificationId),
    ['emailed'],
  );
  return {
    unread,
    awaitingDigest: candidates.filter((n) => !claims.get(n.notificationId)?.has('emailed')).length,
    nextDigestAt: nextDigestAt(opts.now).toISOString(),
  };
}

// --- cleanup ---------------------------------------------------------------------------------------

/**
 * Deletes the caller's READ notifications created more than `olderThanDays` days ago. Unread ones
 * are never deleted, so the unread counter is untouched; each delete is conditioned on the item
 * still being read (one marked unread meanwhile stays).
 */
export async function cleanupRead(
  deps: Deps,
  owner: Owner,
  olderThanDays: number,
  now: Date,
): Promise<number> {
  const cutoff = now.getTime() - olderThanDays * DAY_MS;
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    FilterExpression: 'isRead = :true',
    ProjectionExpression: 'pk, sk, createdAt',
    ExpressionAttributeValues: {
      ':pk': partition(owner),
      ':a': keys.notificationPrefix(owner.userId, owner.companyId).skPrefix,
      ':b': `${idSk(owner, cutoff - 1)}~`,
      ':true': true,
    },
  });
  const old = items.filter((i) => Date.parse(String(i.createdAt)) < cutoff);
  let deleted = 0;
  for (let i = 0; i < old.length; i += 25) {
    const batch = old.slice(i, i + 25);
    const deletes = batch.map((item) => ({
      Delete: {
        TableName: deps.table,
        Key: { pk: item.pk, sk: item.sk },
        ConditionExpression: 'isRead = :true',
        ExpressionAttributeValues: { ':true': true },
      },
    }));
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: deletes }));
      deleted += batch.length;
    } catch (e) {
      if (!isTransactionCanceled(e)) throw e;
      // One of them changed meanwhile: item by item.
      for (const d of deletes) {
        try {
          await deps.db.send(new DeleteCommand(d.Delete));
          deleted++;
        } catch (inner) {
          if (!isConditionalCheckFailed(inner)) throw inner;
        }
      }
    }
  }
  return deleted;
}
