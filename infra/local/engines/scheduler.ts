/**
 * EventBridge schedules on croner: each schedule invokes its target with a Scheduled Event in the
 * schedule's time zone, never overlapping itself (`protect`). `runNow` is the dev "run now" button:
 * nobody waits for a nightly job in development; given an instant (`madridMorning(day)` for the
 * dev page's "as if it were the day" field) the event carries it as its `time`, so a job that reads
 * its date from the event (`tax-alerts`) runs as it would have on that day.
 */

import { randomUUID } from 'node:crypto';
import type { EntryPoint } from '@infra/manifest';
import type { ScheduledEvent } from 'aws-lambda';
import { Cron } from 'croner';
import { ACCOUNT_ID, REGION } from '../aws';
import type { Invoke } from '../types';
import type { Logger } from '../util/log';
import { toCroner } from './schedule-expression';

export interface ScheduleSpec {
  expression: string;
  timezone: string;
  target: EntryPoint;
  functionName?: string;
}

export interface RunningScheduler {
  names(): string[];
  nextRun(name: string): Date | null;
  /** Runs the schedule's target at once, with an event whose `time` is `at` (default: now). */
  runNow(name: string, at?: Date): Promise<void>;
  stop(): Promise<void>;
}

export function scheduledEvent(name: string, at = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: ACCOUNT_ID,
    time: `${at.toISOString().slice(0, 19)}Z`,
    region: REGION,
    resources: [`arn:aws:scheduler:${REGION}:${ACCOUNT_ID}:schedule/default/${name}`],
    detail: {},
  };
}

/** A calendar day as ISO `YYYY-MM-DD` that exists (no 2027-02-30), years 1000-9999. */
export function isIsoDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

const madridParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Madrid's offset from UTC at `at`, in milliseconds (+1 h in winter, +2 h in summer). */
function madridOffsetMs(at: Date): number {
  const parts = madridParts.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - at.getTime();
}

/**
 * 07:00 Europe/Madrid of `day` (ISO `YYYY-MM-DD`), when the daily `tax-alerts` schedule fires. The
 * clocks change at 01:00 UTC (02:00/03:00 local), before 07:00 local on either side, so the offset
 * read at 07:00 UTC of that day is the offset at 07:00 Madrid.
 */
export function madridMorning(day: string): Date {
  if (!isIsoDay(day)) throw new Error(`Not an ISO day: ${day}`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 7);
  return new Date(guess - madridOffsetMs(new Date(guess)));
}

export function startScheduler(opts: {
  schedules: Record<string, ScheduleSpec>;
  invoke: Invoke;
  logger: Logger;
}): RunningScheduler {
  const inFlight = new Set<Promise<unknown>>();
  const run = (name: string, at?: Date) => {
    const spec = opts.schedules[name];
    if (!spec) return Promise.reject(new Error(`Unknown schedule: ${name}`));
    const p = opts.invoke(spec.target, scheduledEvent(name, at), { functionName: spec.functionName });
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };
  const jobs = new Map<string, Cron>();
  for (const [name, spec] of Object.entries(opts.schedules)) {
    const { pattern, options } = toCroner(spec.expression);
    const job = new Cron(pattern, { ...options, timezone: spec.timezone, protect: true }, async () => {
      try {
        await run(name);
      } catch (e) {
        opts.logger.error(`schedule ${name} failed`, e);
      }
    });
    jobs.set(name, job);
  }
  return {
    names: () => [...jobs.keys()],
    nextRun: (name) => jobs.get(name)?.nextRun() ?? null,
    runNow: async (name, at) => {
      await run(name, at);
    },
    async stop() {
      for (const job of jobs.values()) job.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
