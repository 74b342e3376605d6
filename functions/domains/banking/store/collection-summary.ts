/**
 * The company's collection summary (`keys.collectionSummary`, access pattern B10): what was collected
 * of its receivables per payment month, céntimos and céntimos × days from issue to payment
 * (model/collection-metrics.ts `collectionMonths`). The dashboard's average collection days reads it
 * with one GetItem instead of the year's invoices.
 *
 * It is recomputed from the open items, never added to: a change of an issued invoice's open item
 * (the `treasury` consumer, the backfill) or the daily run asks for a recompute, and the ask is
 * debounced by a flag on the item (`pendingAt`): the first ask sets it and queues one
 * `{ kind: 'TREASURY_COLLECTIONS', companyId }` message a few seconds later on the `treasury` queue;
 * asks while it is set send nothing. The message's run clears the flag BEFORE it reads the items, so a
 * change after that asks again, and writes the months only if no run that read later wrote first
 * (`readAt`). So a burst of payments costs one read of the company's receivables, no transaction and
 * no hot item is written per invoice, and the summary is exact a few seconds after the last change.
 * A flag whose message was lost (the send failed after the flag, the message dead-lettered) is
 * ignored once PENDING_STALE_MS old.
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { CollectionMonth } from '@shared/schemas/treasury';
import * as z from 'zod';
import { collectionMonths } from '../model/collection-metrics';
import type { BankingDeps } from './deps';
import { listOpenItems } from './open-items';

/** How long an ask waits before the recompute runs: the changes of a burst coalesce into one run. */
export const COLLECTION_SUMMARY_DELAY_SECONDS = 5;

/** A flag older than this is taken as lost (its message never ran) and a new ask queues again. */
export const PENDING_STALE_MS = 15 * 60 * 1000;

export const TreasuryCollectionsMessage = z.object({
  kind: z.literal('TREASURY_COLLECTIONS'),
  companyId: z.string().min(1).max(200),
});
export type TreasuryCollectionsMessage = z.infer<typeof TreasuryCollectionsMessage>;

export interface CollectionSummary {
  companyId: string;
  months: CollectionMonth[];
  /** When the run that wrote these months started reading the open items. */
  readAt: string;
  /** The receivables (issued invoices' open items) the months were computed from. */
  receivables: number;
}

const ENTITY = 'CollectionSummary';

/**
 * Asks for a recompute of the company's summary: queues the message unless one is pending. Answers
 * whether a message was queued.
 */
export async function requestCollectionSummary(
  deps: Pick<BankingDeps, 'db' | 'table' | 'now' | 'sqs' | 'queueUrl'>,
  companyId: string,
  delaySeconds = COLLECTION_SUMMARY_DELAY_SECONDS,
): Promise<boolean> {
  const now = deps.now();
  const at = now.toISOString();
  const key = keys.collectionSummary(companyId);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: key,
        UpdateExpression: 'SET entity = :e, v = :sv, companyId = :c, pendingAt = :at',
        ConditionExpression: 'attribute_not_exists(pendingAt) OR pendingAt < :stale',
        ExpressionAttributeValues: {
          ':e': ENTITY,
          ':sv': SCHEMA_VERSION,
          ':c': companyId,
          ':at': at,
          ':stale': new Date(now.getTime() - PENDING_STALE_MS).toISOString(),
        },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
  const body: TreasuryCollectionsMessage = { kind: 'TREASURY_COLLECTIONS', companyId };
  try {
    await deps.sqs.send(
      new SendMessageCommand({
        QueueUrl: deps.queueUrl('treasury'),
        MessageBody: JSON.stringify(body),
        ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.round(delaySeconds)) } : {}),
      }),
    );
  } catch (e) {
    // Our flag goes, so the retried record (or the next change) asks again.
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: key,
          UpdateExpression: 'REMOVE pendingAt',
          ConditionExpression: 'pendingAt = :at',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    } catch {
      // Another ask took the flag meanwhile, or the table failed too: the flag goes stale in time.
    }
    throw e;
  }
  return true;
}

/**
 * Recomputes the company's summary from its receivables (the `TREASURY_COLLECTIONS` message).
 * Idempotent: a replay reads the same items and writes the same months.
 */
export async function refreshCollectionSummary(
  deps: Pick<BankingDeps, 'db' | 'table' | 'now'>,
  companyId: string,
): Promise<'written' | 'stale'> {
  const key = keys.collectionSummary(companyId);
  const readAt = deps.now().toISOString();
  // The flag goes first: a change from here on asks for another run, which reads after it.
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: key,
      UpdateExpression: 'SET entity = :e, v = :sv, companyId = :c REMOVE pendingAt',
      ExpressionAttributeValues: { ':e': ENTITY, ':sv': SCHEMA_VERSION, ':c': companyId },
    }),
  );
  const items = await listOpenItems(deps, companyId, { direction: 'RECEIVABLE', consistent: true });
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: key,
        UpdateExpression: 'SET months = :m, readAt = :r, receivables = :n, computedAt = :now',
        ConditionExpression: 'attribute_not_exists(readAt) OR readAt <= :r',
        ExpressionAttributeValues: {
          ':m': collectionMonths(items),
          ':r': readAt,
          ':n': items.length,
          ':now': deps.now().toISOString(),
        },
      }),
    );
    return 'written';
  } catch (e) {
    // A run that read later already wrote: its months are newer than ours.
    if (isConditionalCheckFailed(e)) return 'stale';
    throw e;
  }
}

export async function getCollectionSummary(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<CollectionSummary | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.collectionSummary(companyId), ConsistentRead: true }),
  );
  if (!res.Item || res.Item.readAt === undefined) return null;
  return {
    companyId,
    months: (res.Item.months ?? []) as CollectionMonth[],
    readAt: String(res.Item.readAt),
    receivables: Number(res.Item.receivables ?? 0),
  };
}
