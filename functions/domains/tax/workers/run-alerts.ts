/**
 * Schedule `tax-alerts` (daily, 07:00 Madrid; runnable at once from the local schedules page): for
 * every company with a tax profile (the gsi2 directory of profiles, no Scan), the alert run of
 * model/alert-run.ts: obligations kept in place, alerts created, updated and resolved, each alert
 * step told once (in the app and by e-mail, as preferences say).
 *
 * "Today" is the Madrid date of the event's `time` (the instant the schedule fired), so an event of
 * a fixed date runs the alerts of that date; without one, the date of deps.now(). A company that
 * fails is logged and the others go on; the run stops before the Lambda timeout and says how many
 * companies were left (the next run, or a manual one, does them: everything it does is idempotent).
 */

import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import type { Context } from 'aws-lambda';
import { runCompanyAlerts } from '../model/alert-run';
import { madridToday } from '../model/dates';
import { makeDeps, type TaxDeps } from '../store/deps';
import { listProfiledCompanyIds } from '../store/profile';

export interface RunAlertsResult {
  date: string;
  companies: number;
  processed: number;
  failed: number;
  /** Companies left for the next run (the time ran out). */
  skipped: number;
  created: number;
  updated: number;
  notified: number;
  obligationsCreated: number;
  markedOverdue: number;
}

/** Time kept in hand for one more company (a year's obligations, a few dozen alerts) and the last log line. */
const SAFETY_MARGIN_MS = 10_000;
/** Companies run at the same time. */
const CONCURRENCY = 4;

/** The Madrid date of the scheduled event's `time`, else of `fallback`. */
export function runDate(event: unknown, fallback: Date): string {
  const time = (event as { time?: unknown } | null | undefined)?.time;
  if (typeof time === 'string') {
    const at = new Date(time);
    if (!Number.isNaN(at.getTime())) return madridToday(at);
  }
  return madridToday(fallback);
}

export async function runAlerts(
  deps: TaxDeps,
  { log, remainingMs }: Pick<ScheduledContext, 'log' | 'remainingMs'>,
  today: string,
): Promise<RunAlertsResult> {
  const out: RunAlertsResult = {
    date: today,
    companies: 0,
    processed: 0,
    failed: 0,
    skipped: 0,
    created: 0,
    updated: 0,
    notified: 0,
    obligationsCreated: 0,
    markedOverdue: 0,
  };
  const companyIds = await listProfiledCompanyIds(deps);
  out.companies = companyIds.length;
  let next = 0;
  let stopped = false;
  const runOne = async (companyId: string) => {
    try {
      const r = await runCompanyAlerts(deps, companyId, today, log.child({ companyId }));
      out.processed++;
      out.created += r.created;
      out.updated += r.updated;
      out.notified += r.notified;
      out.obligationsCreated += r.obligationsCreated;
      out.markedOverdue += r.markedOverdue;
    } catch (e) {
      out.failed++;
      log.error('Tax alerts of a company failed', { companyId, ...workerErrorFields(e) });
    }
  };
  // A few companies at a time (each is a chain of small reads and writes), never starting one
  // when the time left would not cover it.
  const lane = async () => {
    while (next < companyIds.length && !stopped) {
      if (remainingMs() < SAFETY_MARGIN_MS) {
        stopped = true;
        break;
      }
      await runOne(companyIds[next++]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, companyIds.length) }, lane));
  if (stopped) {
    out.skipped = companyIds.length - next;
    log.warn('Tax alert run stopped before the timeout', { ...out });
  }
  log.info('Tax alert run finished', { ...out });
  return out;
}

/**
 * The schedule's target. A run with failed companies ends in error after doing all the others, so
 * the invocation counts as failed (alarm) and EventBridge retries it; the retry redoes nothing that
 * succeeded (idempotent) and tries the failed companies again.
 */
export const handler = (event: unknown, context?: Context) =>
  scheduledHandler(async (ctx) => {
    const deps = makeDeps();
    const { failed } = await runAlerts(deps, ctx, runDate(event, deps.now()));
    if (failed > 0) throw new Error(`${failed} companies' tax alerts failed`);
  })(event, context);
