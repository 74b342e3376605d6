/**
 * EventBridge schedules on croner: each schedule invokes its target with a Scheduled Event in the
 * schedule's time zone, never overlapping itself (`protect`). `runNow` is the dev "run now" button:
 * nobody waits for a nightly job in development.
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
  runNow(name: string): Promise<void>;
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

export function startScheduler(opts: {
  schedules: Record<string, ScheduleSpec>;
  invoke: Invoke;
  logger: Logger;
}): RunningScheduler {
  const inFlight = new Set<Promise<unknown>>();
  const run = (name: string) => {
    const spec = opts.schedules[name];
    if (!spec) return Promise.reject(new Error(`Unknown schedule: ${name}`));
    const p = opts.invoke(spec.target, scheduledEvent(name), { functionName: spec.functionName });
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
    runNow: async (name) => {
      await run(name);
    },
    async stop() {
      for (const job of jobs.values()) job.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
