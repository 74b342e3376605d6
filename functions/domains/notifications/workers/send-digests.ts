/**
 * The daily `notifications-digest` schedule (infra/manifest.ts, 08:00 Madrid): one e-mail per person
 * who chose the daily digest, with what they have not read since the previous one (store/digest.ts).
 * The run's day and instant are the scheduled event's `time` (the local schedules page runs it "as
 * if it were" another day), else now. Idempotent: a retried run sends nobody a second digest.
 */

import { type ScheduledContext, scheduledHandler } from '@functions/platform/workers';
import type { Context } from 'aws-lambda';
import { madridDay } from '../model/dates';
import { makeDeps, type NotificationsDeps } from '../store/deps';
import { type DigestRunResult, runDigests } from '../store/digest';

/** The instant of the scheduled event's `time`, else `fallback`. */
export function runInstant(event: unknown, fallback: Date): Date {
  const time = (event as { time?: unknown } | null | undefined)?.time;
  if (typeof time === 'string') {
    const at = new Date(time);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return fallback;
}

export async function sendDigests(
  deps: Pick<NotificationsDeps, 'db' | 'table' | 'appUrl'>,
  { log }: Pick<ScheduledContext, 'log'>,
  at: Date,
): Promise<DigestRunResult> {
  const result = await runDigests(deps, madridDay(at), at, (userId, e) =>
    log.error('Digest failed for a person', { userId, error: String(e) }),
  );
  log.info('Notification digests run', { ...result });
  return result;
}

/** A run with failures ends in error after doing everyone else (retried: idempotent). */
export const handler = (event: unknown, context?: Context) =>
  scheduledHandler(async (ctx) => {
    const deps = makeDeps();
    const { failed } = await sendDigests(deps, ctx, runInstant(event, deps.now()));
    if (failed > 0) throw new Error(`${failed} notification digests failed`);
  })(event, context);
