/**
 * The daily `treasury-daily` schedule (infra/manifest.ts), for every company of the directory (gsi2,
 * no Scan):
 *  1. the open-items backfill (store/projection-backfill.ts) is queued when the company's projection
 *     was never built at the current PROJECTION_VERSION, or its backfill started a day ago and never
 *     finished; the progress item is written first, so a second run the same day queues nothing;
 *  2. a recompute of the company's collection summary is asked for (store/collection-summary.ts): the
 *     companies whose receivables changed before the summary existed get theirs, and a message that
 *     was lost is made up for within a day;
 *  3. when the company turned automatic reminders on (store/treasury.ts settings), each overdue
 *     receivable whose customer has an e-mail gets a payment reminder through the mail outbox: once
 *     `reminderDelayDays` have passed since its oldest unpaid due date, and again every
 *     `reminderIntervalDays`; never more than one per invoice and day (the day's claim).
 * Idempotent: a retried run sends nothing twice.
 */

import { queryAll } from '@functions/lib/directory';
import { once } from '@functions/platform/aws/env';
import { type ScheduledContext, scheduledHandler } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import { daysBetween } from '@shared/fiscal/tax-calendar';
import { requestCollectionSummary } from '../store/collection-summary';
import { type BankingDeps, makeDeps } from '../store/deps';
import { listOpenItems } from '../store/open-items';
import {
  getProjectionBackfill,
  projectionBackfillDue,
  queueProjectionBackfill,
  startProjectionBackfill,
} from '../store/projection-backfill';
import { companyName, getTreasurySettings, listReminders, recordReminder } from '../store/treasury';
import { todayOf } from '../store/treasury-inputs';
import { overdueOf } from '../store/treasury-views';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId' | 'sqs' | 'queueUrl'>;

export async function listCompanyIds(deps: Pick<BankingDeps, 'db' | 'table'>): Promise<string[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
    ProjectionExpression: 'companyId',
  });
  return items.map((i) => String(i.companyId));
}

/** Sends the automatic reminders of one company; answers how many went out. */
export async function sendDueReminders(deps: Deps, companyId: string): Promise<number> {
  const settings = await getTreasurySettings(deps, companyId);
  if (!settings.remindersEnabled) return 0;
  const today = todayOf(deps);
  const [items, reminders] = await Promise.all([
    listOpenItems(deps, companyId, { direction: 'RECEIVABLE', status: 'OPEN' }),
    listReminders(deps, companyId),
  ]);
  let name: string | null = null;
  let sent = 0;
  for (const item of items) {
    if (!item.partyEmail) continue;
    const { overdueCents, oldestDueDate } = overdueOf(item, today);
    if (overdueCents <= 0 || !oldestDueDate) continue;
    if (daysBetween(oldestDueDate, today) < Math.max(1, settings.reminderDelayDays)) continue;
    const last = reminders
      .filter((r) => r.documentKind === item.kind && r.documentId === item.documentId)
      .map((r) => r.day)
      .sort()
      .at(-1);
    if (last && daysBetween(last, today) < settings.reminderIntervalDays) continue;
    name ??= await companyName(deps, companyId);
    const done = await recordReminder(deps, {
      companyId,
      companyName: name,
      item,
      overdueCents,
      oldestDueDate,
      day: today,
      trigger: 'SCHEDULE',
      by: null,
    });
    if (done) sent++;
  }
  return sent;
}

export interface TreasuryDailyResult {
  companies: number;
  backfills: string[];
  /** Companies whose collection summary recompute was queued (none was pending). */
  collectionSummaries: number;
  reminders: number;
}

export async function runTreasuryDaily(
  deps: Deps,
  ctx: Pick<ScheduledContext, 'log'>,
): Promise<TreasuryDailyResult> {
  const companies = await listCompanyIds(deps);
  const backfills: string[] = [];
  let reminders = 0;
  let collectionSummaries = 0;
  const failed: string[] = [];
  for (const companyId of companies) {
    try {
      if (projectionBackfillDue(await getProjectionBackfill(deps, companyId), deps.now())) {
        await startProjectionBackfill(deps, companyId);
        await queueProjectionBackfill(deps, { companyId, stage: 'INVOICES', cursor: null });
        backfills.push(companyId);
      }
      if (await requestCollectionSummary(deps, companyId, 0)) collectionSummaries++;
      reminders += await sendDueReminders(deps, companyId);
    } catch (e) {
      // One company's failure does not stop the others; the run fails at the end (retried: idempotent).
      ctx.log.error('Treasury daily run failed for a company', { companyId, error: String(e) });
      failed.push(companyId);
    }
  }
  if (failed.length > 0) throw new Error(`Treasury daily run failed for ${failed.length} companies`);
  ctx.log.info('Treasury daily run', {
    companies: companies.length,
    backfills: backfills.length,
    collectionSummaries,
    reminders,
  });
  return { companies: companies.length, backfills, collectionSummaries, reminders };
}

const deps = once(makeDeps);

export const handler = scheduledHandler(async (ctx) => {
  await runTreasuryDaily(deps(), ctx);
});
