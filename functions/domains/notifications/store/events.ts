/**
 * Delivery, read and click events of notifications, counted EXACTLY ONCE (issue 20): each event is one
 * TransactWriteItems holding the claim `keys.notificationEventClaim(company, notification, event)`
 * (attribute_not_exists, TTL 400 days) and the ADDs on the NOTIFSTATS day items of its channels
 * (model/analytics.ts says which). A redelivered stream batch, a retried schedule or a second click
 * fails the claim and changes nothing. The claims are also each notification's delivery history
 * (GET notifications/history).
 */

import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { AnalyticsChannel, NotificationEvent } from '@shared/schemas/notification-analytics';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import { madridDay } from '../model/dates';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;

/** Event claims are kept 400 days (DynamoDB TTL): a year of analytics windows and a margin. */
export const EVENT_TTL_DAYS = 400;

/** The notification an event is about (a stored item or stream image has these). */
export interface EventSubject {
  notificationId: string;
  companyId: string;
  userId: string;
  type: string;
  createdAt: string;
}

export interface EventInput {
  event: NotificationEvent;
  /** The day items that receive the ADD (the event's own channel first). */
  channels: AnalyticsChannel[];
  at: Date;
  /** Minutes from creation to this event (delivery, read or click time). */
  minutes?: number;
}

const COUNTER: Record<NotificationEvent, string> = {
  created: 'created',
  pushed: 'pushed',
  emailed: 'emailed',
  email_failed: 'emailFailed',
  read: 'read',
  clicked: 'clicked',
};

const MINUTES: Partial<Record<NotificationEvent, string>> = {
  pushed: 'deliveryMinutes',
  emailed: 'deliveryMinutes',
  read: 'readMinutes',
  clicked: 'clickMinutes',
};

/** Whole minutes from the notification's creation to `at` (never negative). */
export const minutesSince = (createdAt: string, at: Date): number =>
  Math.max(0, Math.round((at.getTime() - Date.parse(createdAt)) / 60_000));

export function claimItem(table: string, n: EventSubject, event: NotificationEvent, at: Date): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.notificationEventClaim(n.companyId, n.notificationId, event),
        entity: 'NotificationEventClaim',
        v: SCHEMA_VERSION,
        companyId: n.companyId,
        notificationId: n.notificationId,
        userId: n.userId,
        event,
        at: at.toISOString(),
        ttl: Math.floor(at.getTime() / 1000) + EVENT_TTL_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function statsAdd(
  table: string,
  n: EventSubject,
  input: EventInput,
  channel: AnalyticsChannel,
): TransactItem {
  const day = madridDay(new Date(n.createdAt));
  const adds = ['#cnt :one'];
  const names: Record<string, string> = {
    '#day': 'day',
    '#type': 'type',
    '#channel': 'channel',
    '#cnt': COUNTER[input.event],
  };
  const values: Record<string, unknown> = {
    ':e': 'NotificationStatsDay',
    ':v': SCHEMA_VERSION,
    ':c': n.companyId,
    ':day': day,
    ':ch': channel,
    ':type': n.type,
    ':cat': notificationCategoryOf(n.type),
    ':one': 1,
  };
  const minutesField = MINUTES[input.event];
  if (minutesField && input.minutes !== undefined) {
    adds.push('#min :min');
    names['#min'] = minutesField;
    values[':min'] = input.minutes;
  }
  if (input.event === 'read' && input.minutes !== undefined && input.minutes <= 60) {
    adds.push('readWithinHour :one');
  }
  if (input.event === 'created') {
    adds.push('recipients :u');
    values[':u'] = new Set([n.userId]);
  }
  if (input.event === 'read' || input.event === 'clicked') {
    adds.push('engaged :u');
    values[':u'] = new Set([n.userId]);
  }
  return {
    Update: {
      TableName: table,
      Key: keys.notificationStatsDay(n.companyId, day, channel, n.type),
      UpdateExpression: `SET entity = :e, v = :v, companyId = :c, #day = :day, #channel = :ch, #type = :type, category = :cat ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Who engaged and when (`lastReadAt` / `lastClickAt`). */
function engagedUser(table: string, n: EventSubject, event: 'read' | 'clicked', at: Date): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.notificationEngagedUser(n.companyId, n.userId),
      UpdateExpression: `SET entity = :e, v = :v, companyId = :c, userId = :u, ${event === 'read' ? 'lastReadAt' : 'lastClickAt'} = :at`,
      ExpressionAttributeValues: {
        ':e': 'NotificationEngagedUser',
        ':v': SCHEMA_VERSION,
        ':c': n.companyId,
        ':u': n.userId,
        ':at': at.toISOString(),
      },
    },
  };
}

/** The writes of one event: the claim first, then the ADDs (and the engaged user for read/click). */
export function eventWrites(table: string, n: EventSubject, input: EventInput): TransactItem[] {
  const writes = [
    claimItem(table, n, input.event, input.at),
    ...input.channels.map((c) => statsAdd(table, n, input, c)),
  ];
  if (input.event === 'read' || input.event === 'clicked')
    writes.push(engagedUser(table, n, input.event, input.at));
  return writes;
}

/**
 * Records one event, with `extra` writes that belong to it (the e-mail's outbox item) in the same
 * transaction. Answers false when the event had been recorded before (nothing written).
 */
export async function recordEvent(
  deps: Deps,
  n: EventSubject,
  input: EventInput,
  extra: TransactItem[] = [],
): Promise<boolean> {
  try {
    await deps.db.send(
      new TransactWriteCommand({ TransactItems: [...eventWrites(deps.table, n, input), ...extra] }),
    );
    return true;
  } catch (e) {
    if (isTransactionCanceled(e) && failedConditionAt(e, 0)) return false;
    throw e;
  }
}

export interface ClaimRecord {
  notificationId: string;
  event: NotificationEvent;
  at: string;
}

/** The recorded events of some notifications of a company (BatchGet of their claims). */
export async function readClaims(
  deps: Deps,
  companyId: string,
  notificationIds: string[],
  events: NotificationEvent[],
): Promise<Map<string, Map<NotificationEvent, string>>> {
  const wanted = notificationIds.flatMap((id) =>
    events.map((e) => keys.notificationEventClaim(companyId, id, e)),
  );
  const out = new Map<string, Map<NotificationEvent, string>>();
  for (let i = 0; i < wanted.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = wanted.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 5)));
      const res = await deps.db.send(
        new BatchGetCommand({
          RequestItems: {
            [deps.table]: {
              Keys: pending,
              ProjectionExpression: 'notificationId, #event, #at',
              ExpressionAttributeNames: { '#event': 'event', '#at': 'at' },
            },
          },
        }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const c = item as unknown as ClaimRecord;
        const mine = out.get(c.notificationId) ?? new Map<NotificationEvent, string>();
        mine.set(c.event, c.at);
        out.set(c.notificationId, mine);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}
