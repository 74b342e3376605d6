/**
 * Schedule `sii-deadlines` (daily, 07:15 Madrid; infra/manifest.ts), also run by the local cloud at
 * start (`runSiiDeadlines`):
 *  1. the backfill of every company in the SII (store/backfill.ts): documents that never reached
 *     the SII get their entries, once, and their sender is woken;
 *  2. the deadline alerts (model/deadline-alerts.ts, store/alerts.ts): every open entry due within
 *     SII_UPCOMING_WINDOW_DAYS or overdue (one Query of the open-entries index) gets its fiscal
 *     alert; the staff are notified once per entry at the urgent and overdue steps; alerts of
 *     entries no longer due are resolved.
 *
 * "Today" is the Madrid date of the event's `time` (the instant the schedule fired), else of
 * deps.now(). A company that fails is logged and the others go on; the run stops starting new work
 * before the Lambda timeout. Everything is idempotent: a retried or repeated run creates, alerts
 * and notifies nothing twice.
 */

import type { Logger } from '@functions/platform/logger';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { Context } from 'aws-lambda';
import { SII_ALERT_ID_PREFIX, siiAlertPlan } from '../model/deadline-alerts';
import {
  listAlertRecipients,
  listDueEntries,
  listSiiAlerts,
  notifyEntryStep,
  resolveSiiAlert,
  upsertSiiAlert,
} from '../store/alerts';
import { backfillCompany, listSiiCompanyIds } from '../store/backfill';
import { makeDeps, type SiiDeps } from '../store/deps';

export interface SiiDeadlinesResult {
  date: string;
  companies: number;
  failed: number;
  /** Companies left for the next run (the time ran out). */
  skipped: number;
  found: number;
  created: number;
  unbuildable: number;
  /** Open entries due within the window or overdue. */
  due: number;
  alertsWritten: number;
  notified: number;
  resolved: number;
}

/** Time kept in hand for one more company and the alerts. */
const SAFETY_MARGIN_MS = 30_000;

type RunDeps = Pick<SiiDeps, 'db' | 'table' | 'now' | 'newId' | 'sqs' | 'sendQueueUrl'>;

/** The Madrid date of the scheduled event's `time`, else of `fallback`. */
export function runDate(event: unknown, fallback: Date): string {
  const time = (event as { time?: unknown } | null | undefined)?.time;
  if (typeof time === 'string') {
    const at = new Date(time);
    if (!Number.isNaN(at.getTime())) return madridDate(at);
  }
  return madridDate(fallback);
}

/** Alerts of every due entry, notifications of their urgent/overdue steps, resolution of the rest. */
export async function runDeadlineAlerts(
  deps: RunDeps,
  today: string,
  companyIds: string[],
  log: Logger,
  out: SiiDeadlinesResult,
): Promise<void> {
  const due = await listDueEntries(deps, today);
  out.due = due.length;
  const byCompany = new Map<string, typeof due>();
  for (const e of due) byCompany.set(e.companyId, [...(byCompany.get(e.companyId) ?? []), e]);
  // Companies with due entries, and every SII company (its old alerts may need resolving).
  const companies = [...new Set([...byCompany.keys(), ...companyIds])];
  for (const companyId of companies) {
    try {
      const existing = new Map((await listSiiAlerts(deps, companyId)).map((a) => [a.id, a]));
      const planned = new Set<string>();
      let recipients: string[] | undefined;
      for (const entry of byCompany.get(companyId) ?? []) {
        const plan = siiAlertPlan(entry, today);
        if (!plan) continue;
        planned.add(plan.alertId);
        const { alert, written } = await upsertSiiAlert(deps, companyId, plan, existing.get(plan.alertId));
        if (written) out.alertsWritten++;
        // A user who resolved the alert at this step is not told again.
        if (alert?.status === 'RESOLVED') continue;
        if (plan.step === 'upcoming') continue;
        recipients ??= await listAlertRecipients(deps, companyId);
        if (await notifyEntryStep(deps, companyId, plan, recipients)) out.notified++;
      }
      for (const alert of existing.values()) {
        if (!alert.id.startsWith(SII_ALERT_ID_PREFIX) || planned.has(alert.id) || alert.status === 'RESOLVED')
          continue;
        if (await resolveSiiAlert(deps, alert)) out.resolved++;
      }
    } catch (e) {
      out.failed++;
      log.error('SII deadline alerts of a company failed', { companyId, ...workerErrorFields(e) });
    }
  }
}

/** The whole run (see the header); the local cloud calls it at start. */
export async function runSiiDeadlines(
  deps: RunDeps,
  { log, remainingMs }: Pick<ScheduledContext, 'log' | 'remainingMs'>,
  today: string,
): Promise<SiiDeadlinesResult> {
  const out: SiiDeadlinesResult = {
    date: today,
    companies: 0,
    failed: 0,
    skipped: 0,
    found: 0,
    created: 0,
    unbuildable: 0,
    due: 0,
    alertsWritten: 0,
    notified: 0,
    resolved: 0,
  };
  const companyIds = await listSiiCompanyIds(deps);
  out.companies = companyIds.length;
  for (const [i, companyId] of companyIds.entries()) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      out.skipped = companyIds.length - i;
      log.warn('SII backfill stopped before the timeout', { skipped: out.skipped });
      break;
    }
    try {
      const r = await backfillCompany(deps, companyId, today, log.child({ companyId }));
      out.found += r.found;
      out.created += r.created;
      out.unbuildable += r.unbuildable;
    } catch (e) {
      out.failed++;
      log.error('SII backfill of a company failed', { companyId, ...workerErrorFields(e) });
    }
  }
  if (remainingMs() >= SAFETY_MARGIN_MS) await runDeadlineAlerts(deps, today, companyIds, log, out);
  log.info('SII deadline run finished', { ...out });
  return out;
}

/**
 * The local cloud's run at start (infra/local): the whole run for today's Madrid date, with no time
 * limit, on the environment's table and queue.
 */
export function runSiiDeadlinesNow(log: Logger): Promise<SiiDeadlinesResult> {
  const deps = makeDeps();
  return runSiiDeadlines(deps, { log, remainingMs: () => Number.POSITIVE_INFINITY }, madridDate(deps.now()));
}

/**
 * The schedule's target. A run with failed companies ends in error after doing all the others, so
 * the invocation counts as failed (alarm) and is retried; the retry redoes nothing that succeeded.
 */
export const handler = (event: unknown, context?: Context) =>
  scheduledHandler(async (ctx) => {
    const deps = makeDeps();
    const { failed } = await runSiiDeadlines(deps, ctx, runDate(event, deps.now()));
    if (failed > 0) throw new Error(`${failed} companies' SII deadline work failed`);
  })(event, context);
