/**
 * The daily digest (schedule `notifications-digest`, 08:00 Madrid): each person whose preferences say
 * emailDigest 'daily' (found on the sparse gsi2 `keys.dailyDigestIndex`, no Scan) gets ONE e-mail a
 * day listing the notifications created since their previous digest (or the last 24 h) that are
 * still unread, in every company they belong to, grouped by company, with links.
 *
 * Exactly once per person and day: the claim `keys.notificationDigest(user, day)` (attribute_not_exists)
 * and the mail's outbox item are one transaction; the claim keeps the ids it listed, and their
 * `emailed` events are then recorded (claimed, store/events.ts). A retried run finds the claim,
 * sends nothing and only completes the events. Not listed: notifications read, of a family or with
 * the EMAIL channel off, mailed by their producer (`emailSent`) or already e-mailed (an `emailed` claim).
 */

import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getCompanies, listUserMemberships, queryAll } from '@functions/lib/directory';
import type { NotificationRecord } from '@functions/lib/notifications';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { mailOutboxItem } from '@shared/db/outbox';
import { SCHEMA_VERSION, type UserProfile } from '@shared/db/records';
import {
  defaultNotificationPreferences,
  mergeNotificationPreferences,
  type NotificationPreferences,
  notificationCategoryOf,
} from '@shared/schemas/notifications';
import { idTimePrefix } from '../model/dates';
import { DIGEST_MAX_LISTED, digestMail, digestOutboxId, type MailNotification } from '../model/mail';
import type { NotificationsDeps } from './deps';
import { type EventSubject, minutesSince, readClaims, recordEvent } from './events';

type Deps = Pick<NotificationsDeps, 'db' | 'table' | 'appUrl'>;

/** Digest claims (the history of digests) are kept 400 days. */
const DIGEST_TTL_DAYS = 400;
const DAY_MS = 86_400_000;

/** Everyone on the daily digest index, with their stored preferences. */
export async function listDigestPeople(
  deps: Pick<Deps, 'db' | 'table'>,
): Promise<{ userId: string; preferences: NotificationPreferences }[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.dailyDigestIndex('x').gsi2pk },
  });
  return items.map((i) => ({
    userId: String(i.userId),
    preferences: mergeNotificationPreferences(
      defaultNotificationPreferences(),
      (i.preferences ?? {}) as Partial<NotificationPreferences>,
    ),
  }));
}

/** When the person's previous digest (before `day`) went out, if any. */
async function previousDigestAt(deps: Deps, userId: string, day: string): Promise<string | undefined> {
  const { pk } = keys.notificationDigestPrefix(userId);
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':a': keys.notificationDigestPrefix(userId).skPrefix,
        ':b': keys.notificationDigest(userId, day).sk,
      },
      ScanIndexForward: false,
      Limit: 2,
      ConsistentRead: true,
    }),
  );
  const today = keys.notificationDigest(userId, day).sk;
  const prev = (res.Items ?? []).find((i) => i.sk !== today);
  return typeof prev?.sentAt === 'string' ? prev.sentAt : undefined;
}

/** The start of what a digest at `at` covers: the previous digest, at most 24 h back... or exactly 24 h without one. */
export async function digestSince(deps: Deps, userId: string, day: string, at: Date): Promise<Date> {
  const prev = await previousDigestAt(deps, userId, day);
  return prev ? new Date(prev) : new Date(at.getTime() - DAY_MS);
}

/**
 * The person's unread notifications in one company created in (since, until], from the sparse unread
 * index (its sort key is the time-ordered id). Only what the digest may list (see the file comment).
 */
export async function digestCandidates(
  deps: Deps,
  userId: string,
  companyId: string,
  preferences: NotificationPreferences,
  since: Date,
  until: Date,
): Promise<NotificationRecord[]> {
  const gsi1pk = keys.unreadNotificationPartition(userId, companyId).gsi1pk;
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': gsi1pk,
      ':a': keys.unreadNotification(userId, companyId, idTimePrefix(since.getTime() + 1)).gsi1sk,
      ':b': `${keys.unreadNotification(userId, companyId, idTimePrefix(until)).gsi1sk}~`,
    },
  });
  const unread = (items as unknown as NotificationRecord[]).filter(
    (n) =>
      n.isRead === false &&
      !n.emailSent &&
      preferences.types[notificationCategoryOf(n.type)] &&
      Date.parse(n.createdAt) > since.getTime() &&
      Date.parse(n.createdAt) <= until.getTime(),
  );
  if (unread.length === 0) return [];
  const claims = await readClaims(
    deps,
    companyId,
    unread.map((n) => n.notificationId),
    ['emailed'],
  );
  return unread.filter((n) => !claims.get(n.notificationId)?.has('emailed'));
}

export type DigestOutcome = 'sent' | 'already' | 'nothing' | 'off';

interface ListedRef {
  companyId: string;
  notificationId: string;
  type: string;
  createdAt: string;
}

/** Records `emailed` for what a digest listed (claimed: a retry counts nothing twice). */
async function recordDigestEvents(deps: Deps, userId: string, listed: ListedRef[], at: Date): Promise<void> {
  for (const l of listed) {
    const subject: EventSubject = { ...l, userId };
    await recordEvent(deps, subject, {
      event: 'emailed',
      channels: ['EMAIL'],
      at,
      minutes: minutesSince(l.createdAt, at),
    });
  }
}

/** One person's digest of `day`, run at `at`. */
export async function sendDigest(
  deps: Deps,
  person: { userId: string; preferences: NotificationPreferences },
  day: string,
  at: Date,
): Promise<DigestOutcome> {
  const { userId, preferences } = person;
  if (preferences.emailDigest !== 'daily' || !preferences.channels.EMAIL) return 'off';
  const claimKey = keys.notificationDigest(userId, day);
  const existing = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: claimKey, ConsistentRead: true }),
  );
  if (existing.Item) {
    await recordDigestEvents(
      deps,
      userId,
      (existing.Item.listed ?? []) as ListedRef[],
      new Date(String(existing.Item.sentAt)),
    );
    return 'already';
  }
  const profileRes = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.userProfile(userId) }),
  );
  const profile = profileRes.Item as UserProfile | undefined;
  if (!profile?.email || profile.isActive === false) return 'off';

  const since = await digestSince(deps, userId, day, at);
  const memberships = (await listUserMemberships(deps, userId)).filter((m) => m.isActive);
  const found = (
    await Promise.all(
      memberships.map((m) => digestCandidates(deps, userId, m.companyId, preferences, since, at)),
    )
  ).flat();
  if (found.length === 0) return 'nothing';
  const newestFirst = found.sort((a, b) => (a.notificationId < b.notificationId ? 1 : -1));
  const listed = newestFirst.slice(0, DIGEST_MAX_LISTED);
  const companies = await getCompanies(deps, [...new Set(listed.map((n) => n.companyId))]);
  const mail = digestMail({
    to: profile.email,
    firstName: profile.firstName,
    notifications: listed as MailNotification[],
    total: found.length,
    companyNames: new Map(companies.map((c) => [c.companyId, c.name])),
    appUrl: deps.appUrl,
  });
  const refs: ListedRef[] = listed.map((n) => ({
    companyId: n.companyId,
    notificationId: n.notificationId,
    type: n.type,
    createdAt: n.createdAt,
  }));
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...claimKey,
                entity: 'NotificationDigest',
                v: SCHEMA_VERSION,
                userId,
                day,
                sentAt: at.toISOString(),
                since: since.toISOString(),
                total: found.length,
                listed: refs,
                ttl: Math.floor(at.getTime() / 1000) + DIGEST_TTL_DAYS * 86_400,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: deps.table, Item: mailOutboxItem(digestOutboxId(userId, day), mail, at) } },
        ],
      }),
    );
  } catch (e) {
    if (!(isTransactionCanceled(e) && failedConditionAt(e, 0))) throw e;
    return 'already';
  }
  await recordDigestEvents(deps, userId, refs, at);
  return 'sent';
}

export interface DigestRunResult {
  day: string;
  people: number;
  sent: number;
  already: number;
  nothing: number;
  off: number;
  failed: number;
}

/** Every daily-digest person's digest of `day`, a few at a time; one failure does not stop the others. */
export async function runDigests(
  deps: Deps,
  day: string,
  at: Date,
  onError: (userId: string, e: unknown) => void,
  concurrency = 4,
): Promise<DigestRunResult> {
  const people = await listDigestPeople(deps);
  const out: DigestRunResult = {
    day,
    people: people.length,
    sent: 0,
    already: 0,
    nothing: 0,
    off: 0,
    failed: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const person = people[next++]!;
      try {
        out[await sendDigest(deps, person, day, at)] += 1;
      } catch (e) {
        out.failed += 1;
        onError(person.userId, e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, people.length) }, worker));
  return out;
}
