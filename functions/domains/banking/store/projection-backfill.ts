/**
 * The backfill of a company's open items (design "Open items": the invoices stored before the
 * `treasury` queue existed never had an event there). Paged like accounting's backfill: the issued
 * invoices (stage INVOICES), then the received invoices (stage RECEIVED), at most 50 documents per
 * queue message `{ kind: 'TREASURY_BACKFILL', companyId, stage, cursor }`; the next page is queued with
 * its cursor, so no run outlives its Lambda. Each document is rebuilt exactly as its events rebuild
 * it (store/open-items.ts `projectDocument`), so running it twice, or after the events, changes
 * nothing. The progress item (`keys.treasuryProjectionBackfill`) records the PROJECTION_VERSION it
 * ran with: a new version (the projection's rules changed) makes `treasury-daily` queue it again.
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import * as z from 'zod';
import type { BankingDeps } from './deps';
import { projectDocument } from './open-items';
import { issuedInvoiceIdsPage, receivedInvoiceIdsPage } from './projection-sources';

/** The rules the projection is built with: raise it when they change and every company is rebuilt. */
export const PROJECTION_VERSION = 1;

/** A backfill that started this long ago and never finished (a page in the DLQ) is queued again. */
export const BACKFILL_STALE_MS = 24 * 60 * 60 * 1000;

export const TreasuryBackfillMessage = z.object({
  kind: z.literal('TREASURY_BACKFILL'),
  companyId: z.string().min(1),
  stage: z.enum(['INVOICES', 'RECEIVED']),
  cursor: z.string().nullable(),
});
export type TreasuryBackfillMessage = z.infer<typeof TreasuryBackfillMessage>;

export interface ProjectionBackfillItem {
  companyId: string;
  projectionVersion: number;
  startedAt: string;
  finishedAt: string | null;
  documents: number;
}

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'sqs' | 'queueUrl'>;

export async function queueProjectionBackfill(
  deps: Pick<BankingDeps, 'sqs' | 'queueUrl'>,
  message: Omit<TreasuryBackfillMessage, 'kind'>,
): Promise<void> {
  const body: TreasuryBackfillMessage = { kind: 'TREASURY_BACKFILL', ...message };
  await deps.sqs.send(
    new SendMessageCommand({ QueueUrl: deps.queueUrl('treasury'), MessageBody: JSON.stringify(body) }),
  );
}

export async function getProjectionBackfill(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<ProjectionBackfillItem | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.treasuryProjectionBackfill(companyId) }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as ProjectionBackfillItem) : null;
}

/** Whether a company's backfill is due: never run, run with older rules, or stuck for a day. */
export function projectionBackfillDue(item: ProjectionBackfillItem | null, now: Date): boolean {
  if (!item) return true;
  if (item.projectionVersion < PROJECTION_VERSION) return true;
  return item.finishedAt === null && now.getTime() - Date.parse(item.startedAt) > BACKFILL_STALE_MS;
}

/**
 * Marks a company's backfill started at the current version (before queueing its first page), so the
 * next daily run does not queue it again while it runs.
 */
export async function startProjectionBackfill(
  deps: Pick<BankingDeps, 'db' | 'table' | 'now'>,
  companyId: string,
) {
  const item: ProjectionBackfillItem = {
    companyId,
    projectionVersion: PROJECTION_VERSION,
    startedAt: deps.now().toISOString(),
    finishedAt: null,
    documents: 0,
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.treasuryProjectionBackfill(companyId),
        entity: 'TreasuryBackfill',
        v: SCHEMA_VERSION,
        ...item,
      },
    }),
  );
}

export interface BackfillPageResult {
  documents: number;
  written: number;
  next: Omit<TreasuryBackfillMessage, 'kind'> | null;
}

/** Rebuilds one page of a company's documents and queues what follows (or marks the backfill done). */
export async function runProjectionBackfillPage(
  deps: Deps,
  message: Omit<TreasuryBackfillMessage, 'kind'>,
  log: Logger,
): Promise<BackfillPageResult> {
  const { companyId, stage, cursor } = message;
  const page =
    stage === 'INVOICES'
      ? await issuedInvoiceIdsPage(deps, companyId, cursor)
      : await receivedInvoiceIdsPage(deps, companyId, cursor);
  let written = 0;
  for (const id of page.ids) {
    const outcome = await projectDocument(deps, companyId, stage === 'INVOICES' ? 'INV' : 'REC', id);
    if (outcome === 'written') written++;
  }
  const next: BackfillPageResult['next'] = page.next
    ? { companyId, stage, cursor: page.next }
    : stage === 'INVOICES'
      ? { companyId, stage: 'RECEIVED', cursor: null }
      : null;
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.treasuryProjectionBackfill(companyId),
      UpdateExpression: next
        ? 'SET entity = :e, v = :sv, companyId = :c ADD documents :n'
        : 'SET entity = :e, v = :sv, companyId = :c, finishedAt = :at, projectionVersion = :pv ADD documents :n',
      ExpressionAttributeValues: {
        ':e': 'TreasuryBackfill',
        ':sv': SCHEMA_VERSION,
        ':c': companyId,
        ':n': page.ids.length,
        ...(next ? {} : { ':at': deps.now().toISOString(), ':pv': PROJECTION_VERSION }),
      },
    }),
  );
  if (next) await queueProjectionBackfill(deps, next);
  log.info('Treasury backfill page done', {
    companyId,
    stage,
    documents: page.ids.length,
    written,
    done: !next,
  });
  return { documents: page.ids.length, written, next };
}
