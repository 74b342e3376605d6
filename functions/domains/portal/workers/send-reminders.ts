/**
 * The `appointment-reminders` schedule (every 5 minutes, infra/manifest.ts): every confirmed meeting
 * whose next reminder is due — gsi2 `MEETINGS#REMIND` with sort key at or before now — gets, in ONE
 * transaction per meeting:
 *  - the claim `keys.meetingReminderSent(company, meeting, minutesBefore)` (attribute_not_exists);
 *  - the meeting's next version, the reminder marked handled, the index moved to the next pending
 *    reminder or removed (conditioned on the version read);
 *  - a `meeting_reminder` notification (severity info, link to the meeting) with its unread counter
 *    for each side whose preferences allow it in the app (the notifications domain e-mails it as
 *    their e-mail preferences say).
 * A second run, or one racing this one, fails the claim or the version and writes nothing: each
 * reminder reaches each side once. A meeting whose start has already passed when the reminder is
 * found (the schedule was down) is not reminded; its index is removed.
 * The event's `time` (EventBridge sets it; the local cloud's runSchedule(name, at) too) is the
 * run's "now", so a run can be made as if it were another time.
 */

import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { once } from '@functions/platform/aws/env';
import type { Logger } from '@functions/platform/logger';
import { scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { Context } from 'aws-lambda';
import { type MeetingRecord, nextReminder } from '../model/meeting';
import { dateEs, madridClock, madridDay, untilText } from '../model/time';
import { makeDeps, type PortalDeps } from '../store/deps';
import { meetingItem, toRecord } from '../store/meetings';
import { channelsFor, notificationWrites } from '../store/notify';

type Deps = Pick<PortalDeps, 'db' | 'table' | 'newId' | 'appUrl'>;

/** Claims are kept 400 days (DynamoDB TTL), like the other sent-notification histories. */
export const CLAIM_TTL_DAYS = 400;

export interface ReminderRunResult {
  due: number;
  sent: number;
  /** Already sent by another run (the claim existed) or the meeting changed meanwhile. */
  skipped: number;
  /** Found after the start: index removed, nobody reminded. */
  late: number;
  failed: number;
}

/** The run's "now": the event's `time` when it is a valid instant, else the clock. */
export function runInstant(event: unknown, fallback: Date): Date {
  const time = (event as { time?: unknown } | null | undefined)?.time;
  if (typeof time === 'string') {
    const at = new Date(time);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return fallback;
}

/** The meetings whose next reminder is due at `now` (every page of the sparse index up to now). */
export async function listDueReminders(
  deps: Pick<Deps, 'db' | 'table'>,
  now: Date,
): Promise<MeetingRecord[]> {
  const out: MeetingRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
        // sk = `<ISO instant>#<company>#<meeting>`: `~` sorts after every `#…` of the same instant.
        ExpressionAttributeValues: { ':pk': keys.meetingReminderDuePk, ':now': `${now.toISOString()}~` },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toRecord));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

function reminderText(m: MeetingRecord, now: Date, side: 'client' | 'advisor') {
  const minutes = Math.round((Date.parse(m.startsAt) - now.getTime()) / 60_000);
  const when = `${dateEs(madridDay(m.startsAt))} a las ${madridClock(m.startsAt)}`;
  const withWhom = side === 'client' ? (m.advisorName ?? 'tu gestor') : `${m.clientName} (${m.companyName})`;
  return {
    title: 'Recordatorio de reunión',
    message: `Tu reunión "${m.subject}" con ${withWhom} empieza en ${untilText(minutes)} (${when}).${m.location ? ` Lugar o enlace: ${m.location}` : ''}`,
  };
}

/** Sends one meeting's due reminder (or drops a late one), in one transaction. */
export async function remindMeeting(
  deps: Deps,
  m: MeetingRecord,
  now: Date,
): Promise<'sent' | 'skipped' | 'late'> {
  const reminder = nextReminder(m);
  const late = now.getTime() >= Date.parse(m.startsAt);
  const pendingAll = reminder ? m.reminders.filter((r) => !m.remindersDone.includes(r)) : [];
  const after: MeetingRecord = {
    ...m,
    version: m.version + 1,
    // Late: every pending reminder is dropped; otherwise this one is done (none: the index goes).
    remindersDone: !reminder
      ? m.remindersDone
      : late
        ? [...m.remindersDone, ...pendingAll]
        : [...m.remindersDone, reminder.minutesBefore],
    updatedAt: now.toISOString(),
    updatedBy: 'appointment-reminders',
  };
  const put: TransactItem = {
    Put: {
      TableName: deps.table,
      Item: meetingItem(after),
      ConditionExpression: 'attribute_exists(pk) AND version = :v',
      ExpressionAttributeValues: { ':v': m.version },
    },
  };
  if (!reminder || late) {
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: [put] }));
    } catch (e) {
      if (isTransactionCanceled(e) && failedConditionAt(e, 0)) return 'skipped';
      throw e;
    }
    return late && reminder ? 'late' : 'skipped';
  }
  const claim: TransactItem = {
    Put: {
      TableName: deps.table,
      Item: {
        ...keys.meetingReminderSent(m.companyId, m.meetingId, reminder.minutesBefore),
        entity: 'MeetingReminderSent',
        v: SCHEMA_VERSION,
        companyId: m.companyId,
        meetingId: m.meetingId,
        minutesBefore: reminder.minutesBefore,
        startsAt: m.startsAt,
        sentAt: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + CLAIM_TTL_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const sides = [
    { userId: m.clientId, side: 'client' as const },
    ...(m.advisorId ? [{ userId: m.advisorId, side: 'advisor' as const }] : []),
  ];
  const notices: TransactItem[] = [];
  for (const s of sides) {
    const ch = await channelsFor(deps, s.userId, 'meeting_reminder');
    if (!ch.inApp) continue;
    notices.push(
      ...notificationWrites(deps, now, {
        userId: s.userId,
        companyId: m.companyId,
        type: 'meeting_reminder',
        severity: 'info',
        meetingId: m.meetingId,
        ...reminderText(m, now, s.side),
      }),
    );
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: [claim, put, ...notices] }));
  } catch (e) {
    if (!isTransactionCanceled(e)) throw e;
    if (failedConditionAt(e, 0)) {
      // Sent before (a run that raced this one): record it on the meeting so the index moves on.
      try {
        await deps.db.send(new TransactWriteCommand({ TransactItems: [put] }));
      } catch (again) {
        if (!(isTransactionCanceled(again) && failedConditionAt(again, 0))) throw again;
      }
      return 'skipped';
    }
    if (failedConditionAt(e, 1)) return 'skipped';
    throw e;
  }
  return 'sent';
}

export async function runReminders(deps: Deps, now: Date, log: Logger): Promise<ReminderRunResult> {
  const due = await listDueReminders(deps, now);
  const out: ReminderRunResult = { due: due.length, sent: 0, skipped: 0, late: 0, failed: 0 };
  for (const m of due) {
    try {
      out[await remindMeeting(deps, m, now)]++;
    } catch (e) {
      // One meeting's failure does not stop the others; the run fails at the end and is retried.
      out.failed++;
      log.error('Meeting reminder failed', {
        companyId: m.companyId,
        meetingId: m.meetingId,
        ...workerErrorFields(e),
      });
    }
  }
  log.info('Appointment reminders run', { ...out });
  return out;
}

const deps = once(makeDeps);

export const handler = (event: unknown, context?: Context) =>
  scheduledHandler(async (ctx) => {
    const d = deps();
    const { failed } = await runReminders(d, runInstant(event, ctx.now), ctx.log);
    if (failed > 0) throw new Error(`${failed} meeting reminders failed`);
  })(event, context);
