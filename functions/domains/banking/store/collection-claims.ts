/**
 * The company's collection aggregate (issue 20, the dashboard's average collection days): per
 * payment month `COLLAGG#<c>` / `M#<YYYY-MM>` holds `collectedCents` and `collectedCentsDays`
 * (céntimos × days from issue to payment) of every receivable's collections
 * (model/collection-metrics.ts `collectionMonthsOf`), and per issued invoice a claim
 * `CLAIM#INV#<documentId>` holds what the invoice adds now, per month, and the open item version it
 * was computed from.
 *
 * The open items are state-based (rebuilt from the document), the months are kept by deltas: the
 * open item's write (store/open-items.ts) reads the claim, and in ONE transaction with the open item
 * puts the claim (or deletes it when the invoice collects nothing any more) and ADDs (new − old) to
 * each month that changed. The claim is written only if it is still what was read (absent, or the
 * same version), so the deltas always start from what the months already hold; the open item's own
 * condition (its stored version not newer) makes an older rebuild change nothing. Hence the months
 * always equal the sum of the claims, and replays, retries and the backfill add nothing twice.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { MonthCollection } from '../model/collection-metrics';
import type { BankingDeps } from './deps';

export const COLLECTION_MONTH_ENTITY = 'CollectionMonth';
export const COLLECTION_CLAIM_ENTITY = 'CollectionClaim';

/** What one issued invoice adds to the collection months now. */
export interface CollectionClaim {
  companyId: string;
  documentId: string;
  /** The open item version the contribution was computed from. */
  version: number;
  months: Record<string, MonthCollection>;
}

/** A change of one month's sums. */
export interface MonthDelta {
  month: string;
  cents: number;
  centsDays: number;
}

/** At most this many months change in one transaction (100 items, less the open item and the claim). */
export const MAX_CHANGED_MONTHS = 98;

export async function getCollectionClaim(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  documentId: string,
): Promise<CollectionClaim | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.collectionClaim(companyId, documentId),
      ConsistentRead: true,
    }),
  );
  if (!res.Item) return null;
  const item = res.Item as Record<string, unknown>;
  return {
    companyId,
    documentId,
    version: Number(item.version),
    months: (item.months ?? {}) as Record<string, MonthCollection>,
  };
}

/** The months whose sums change from `old` to `next` (new − old), by month. */
export function monthDeltas(
  old: Readonly<Record<string, MonthCollection>>,
  next: Readonly<Record<string, MonthCollection>>,
): MonthDelta[] {
  const months = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort();
  return months
    .map((month) => ({
      month,
      cents: (next[month]?.cents ?? 0) - (old[month]?.cents ?? 0),
      centsDays: (next[month]?.centsDays ?? 0) - (old[month]?.centsDays ?? 0),
    }))
    .filter((d) => d.cents !== 0 || d.centsDays !== 0);
}

/** The claim's condition: still what was read (absent, or the version read). */
const claimCondition = (read: CollectionClaim | null) =>
  read
    ? { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': read.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };

/** ADD of one month's delta (the item is created by the first one). */
export function monthUpdate(table: string, companyId: string, d: MonthDelta): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.collectionMonth(companyId, d.month),
      UpdateExpression:
        'SET entity = :e, v = :sv, companyId = :c, #month = :m ADD collectedCents :dc, collectedCentsDays :dd',
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: {
        ':e': COLLECTION_MONTH_ENTITY,
        ':sv': SCHEMA_VERSION,
        ':c': companyId,
        ':m': d.month,
        ':dc': d.cents,
        ':dd': d.centsDays,
      },
    },
  };
}

/**
 * The transaction items that move one invoice's contribution from the claim read (`read`) to
 * `next` at `version`: the claim put (or deleted when `next` is empty, or only checked when there
 * is no claim and nothing to add) conditioned on being unchanged since read, and the ADD of each
 * month that changed. `version` must be newer than the claim read.
 */
export function collectionWrites(
  table: string,
  companyId: string,
  documentId: string,
  read: CollectionClaim | null,
  next: Record<string, MonthCollection>,
  version: number,
): TransactItem[] {
  const key = keys.collectionClaim(companyId, documentId);
  const deltas = monthDeltas(read?.months ?? {}, next);
  if (deltas.length > MAX_CHANGED_MONTHS) {
    throw new Error(`Collection claim of ${documentId}: ${deltas.length} months change at once`);
  }
  const empty = Object.keys(next).length === 0;
  const claim: TransactItem = empty
    ? read
      ? { Delete: { TableName: table, Key: key, ...claimCondition(read) } }
      : { ConditionCheck: { TableName: table, Key: key, ...claimCondition(read) } }
    : {
        Put: {
          TableName: table,
          Item: {
            ...key,
            entity: COLLECTION_CLAIM_ENTITY,
            v: SCHEMA_VERSION,
            companyId,
            documentId,
            version,
            months: next,
          },
          ...claimCondition(read),
        },
      };
  return [claim, ...deltas.map((d) => monthUpdate(table, companyId, d))];
}

/** The claim's check alone (the same version: the contribution is already the claim's). */
export function claimUnchanged(
  table: string,
  companyId: string,
  documentId: string,
  read: CollectionClaim | null,
): TransactItem {
  return {
    ConditionCheck: {
      TableName: table,
      Key: keys.collectionClaim(companyId, documentId),
      ...claimCondition(read),
    },
  };
}
