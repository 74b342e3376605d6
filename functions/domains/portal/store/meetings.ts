/**
 * Meetings in the table (shared/db/keys/dashboard.ts): one item per meeting `MEETING#<c>` /
 * `MEET#<id>`, on gsi1 `COMPANY#<c>#MEETINGS` by its current start (the proposed one while a new
 * time is proposed) and, while confirmed with a reminder pending, on the sparse gsi2
 * `MEETINGS#REMIND` by the instant that reminder is due. Every change Puts the whole item
 * conditioned on the version read, in ONE transaction with what it causes (notifications and their
 * unread counters, the invitation mails, the reminder claims it clears).
 */

import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { effectiveStart, type MeetingRecord, nextReminder } from '../model/meeting';
import type { PortalDeps } from './deps';

type Db = Pick<PortalDeps, 'db' | 'table'>;

/** The stored item of a meeting: keys, the indexes that apply to its state, the record. */
export function meetingItem(m: MeetingRecord): Record<string, unknown> {
  const reminder = nextReminder(m);
  return {
    ...keys.meeting(m.companyId, m.meetingId),
    ...keys.meetingByStart(m.companyId, effectiveStart(m), m.meetingId),
    ...(reminder ? keys.meetingReminderDue(reminder.remindAt, m.companyId, m.meetingId) : {}),
    entity: 'Meeting',
    v: SCHEMA_VERSION,
    ...m,
  };
}

export const toRecord = (item: Record<string, unknown>): MeetingRecord =>
  stripKeys(item) as unknown as MeetingRecord;

export async function getMeeting(
  deps: Db,
  companyId: string,
  meetingId: string,
): Promise<MeetingRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.meeting(companyId, meetingId), ConsistentRead: true }),
  );
  return res.Item ? toRecord(res.Item) : undefined;
}

export interface MeetingRange {
  /** ISO instants: starts at or after `from`, before `to` (open when absent). */
  from?: string | undefined;
  to?: string | undefined;
  /** Only this client's meetings (a CLIENTE caller). */
  clientId?: string | undefined;
  /** Newest first. */
  descending?: boolean;
  /** Stop once this many are read. */
  limit?: number;
}

/** A company's meetings by start (gsi1), bounded by the range; a CLIENTE's filtered to its own. */
export async function queryMeetings(
  deps: Db,
  companyId: string,
  range: MeetingRange,
): Promise<MeetingRecord[]> {
  const pk = keys.meetingByStartPk(companyId);
  const values: Record<string, unknown> = { ':pk': pk };
  let condition = 'gsi1pk = :pk';
  // sk = `<ISO start>#<id>`: `~` sorts after every id, '' before every start.
  if (range.from !== undefined && range.to !== undefined) {
    condition += ' AND gsi1sk BETWEEN :from AND :to';
    values[':from'] = range.from;
    values[':to'] = range.to;
  } else if (range.from !== undefined) {
    condition += ' AND gsi1sk >= :from';
    values[':from'] = range.from;
  } else if (range.to !== undefined) {
    condition += ' AND gsi1sk < :to';
    values[':to'] = range.to;
  }
  let filter: string | undefined;
  if (range.clientId) {
    filter = 'clientId = :client';
    values[':client'] = range.clientId;
  }
  const out: MeetingRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: condition,
        ...(filter ? { FilterExpression: filter } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: !range.descending,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      // BETWEEN is inclusive: the upper bound is exclusive here.
      if (range.from !== undefined && range.to !== undefined && String(item.gsi1sk) >= range.to) continue;
      out.push(toRecord(item));
    }
    start = res.LastEvaluatedKey;
  } while (start && (range.limit === undefined || out.length < range.limit));
  return range.limit === undefined ? out : out.slice(0, range.limit);
}

export async function companyName(deps: Db, companyId: string): Promise<string> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return typeof res.Item?.name === 'string' ? res.Item.name : '';
}

const CHANGED = 'La reunión ha cambiado mientras tanto: vuelve a cargarla.';

/**
 * Writes a meeting (new: `before` null; changed: conditioned on the version read) and `effects` in
 * one transaction. A lost race is MEETING_CONFLICT; nothing of it is written.
 */
export async function writeMeeting(
  deps: Db,
  before: MeetingRecord | null,
  after: MeetingRecord,
  effects: TransactItem[],
): Promise<void> {
  const put: TransactItem = before
    ? {
        Put: {
          TableName: deps.table,
          Item: meetingItem(after),
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      }
    : {
        Put: {
          TableName: deps.table,
          Item: meetingItem(after),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: [put, ...effects] }));
  } catch (e) {
    if (isTransactionCanceled(e) && failedConditionAt(e, 0)) throw new AppError('MEETING_CONFLICT', CHANGED);
    throw e;
  }
}

/** Deletes of the reminder claims of the current start (when the meeting moves to another start). */
export const clearReminderClaims = (deps: Db, m: MeetingRecord): TransactItem[] =>
  m.remindersDone.map((minutes) => ({
    Delete: { TableName: deps.table, Key: keys.meetingReminderSent(m.companyId, m.meetingId, minutes) },
  }));
