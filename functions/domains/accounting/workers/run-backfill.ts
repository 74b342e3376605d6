/**
 * The daily `accounting-backfill` schedule (infra/manifest.ts): every company that keeps PGC books
 * here (not AUTONOMO) whose stored documents were never backfilled at the current rules version
 * (`BACKFILL_RULES_VERSION`), or whose backfill started more than a day ago and never finished (a
 * page that went to the DLQ), gets its backfill queued on the accounting queue. Idempotent: a
 * backfill posts nothing twice (store/backfill.ts). Companies from the directory index (gsi2), no Scan.
 */

import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { once } from '@functions/platform/aws/env';
import { type ScheduledContext, scheduledHandler } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import { BACKFILL_RULES_VERSION } from '../store/backfill';
import { queueBackfill } from '../store/chart';
import { type AccountingDeps, makeDeps } from '../store/deps';
import type { BackfillItem } from '../store/items';

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'sqs' | 'queueUrl'>;

const STALE_MS = 24 * 60 * 60 * 1000;

/** The ids of the companies that keep PGC books here (every company but the AUTONOMO ones). */
export async function listBookkeepingCompanies(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
): Promise<string[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
    ProjectionExpression: 'companyId, companyType',
  });
  return items.filter((i) => i.companyType !== 'AUTONOMO').map((i) => String(i.companyId));
}

async function backfillItems(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
  companyIds: string[],
): Promise<Map<string, BackfillItem>> {
  const out = new Map<string, BackfillItem>();
  for (let i = 0; i < companyIds.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = companyIds
      .slice(i, i + 100)
      .map((c) => keys.accountingBackfill(c));
    for (let round = 0; pending && pending.length > 0 && round < 8; round++) {
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const b = item as unknown as BackfillItem;
        out.set(b.companyId, b);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
    }
  }
  return out;
}

/** Whether a company's backfill is due now. */
export function backfillDue(item: BackfillItem | undefined, now: Date): boolean {
  if (!item) return true;
  if (item.rulesVersion < BACKFILL_RULES_VERSION) return true;
  return item.finishedAt === null && now.getTime() - Date.parse(item.startedAt) > STALE_MS;
}

export interface RunBackfillResult {
  companies: number;
  queued: string[];
}

export async function runBackfillSchedule(
  deps: Deps,
  ctx: Pick<ScheduledContext, 'now' | 'log'>,
): Promise<RunBackfillResult> {
  const companies = await listBookkeepingCompanies(deps);
  const items = await backfillItems(deps, companies);
  const queued: string[] = [];
  for (const companyId of companies) {
    if (!backfillDue(items.get(companyId), ctx.now)) continue;
    await queueBackfill(deps, { companyId, stage: 'INVOICES', cursor: null });
    queued.push(companyId);
  }
  ctx.log.info('Accounting backfills queued', { companies: companies.length, queued: queued.length });
  return { companies: companies.length, queued };
}

const deps = once(makeDeps);

export const handler = scheduledHandler(async (ctx) => {
  await runBackfillSchedule(deps(), ctx);
});
