/**
 * The open-items projection (issue 19; design "Open items"): one `OpenItem` per issued invoice (INV,
 * RECEIVABLE) and received invoice (REC, PAYABLE) of a company, under `OPENITEM#<company>`
 * (shared/db/keys/banking.ts), written only by the `treasury` queue's consumer and the backfill, read
 * by the treasury, reconciliation and payment orders.
 *
 * State-based and idempotent: on any event of a document the document is read again (strongly
 * consistent) and its open item rebuilt from what it stores now (model/open-item.ts). The write is
 * conditioned on the stored version not being newer, so a rebuild that read an older state never
 * replaces a newer one; the same version rewrites the same item. A document that is gone (a deleted
 * received invoice) or is not an open item (a draft) has its item removed. `gsi1`
 * (`keys.openItemByDue`, by next due date) is written only while the item is OPEN.
 */

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import { buildOpenItem } from '../model/open-item';
import type { BankingDeps } from './deps';
import type { OpenItem } from './items';
import { issuedInvoiceSource, receivedInvoiceSource } from './projection-sources';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now'>;

export type OpenItemKind = OpenItem['kind'];
export type ProjectionOutcome = 'written' | 'removed' | 'stale' | 'absent';

const toItem = (raw: Record<string, unknown>): OpenItem => {
  const { gsi1pk: _pk, gsi1sk: _sk, ...rest } = stripKeys(raw) as Record<string, unknown>;
  return rest as unknown as OpenItem;
};

/** The stored item with its keys: gsi1 only while OPEN. */
export function openItemRecord(item: OpenItem): Record<string, unknown> {
  const due =
    item.status === 'OPEN' && item.nextDueDate
      ? keys.openItemByDue(item.companyId, item.nextDueDate, item.kind, item.documentId)
      : {};
  return { ...keys.openItem(item.companyId, item.kind, item.documentId), ...due, ...item };
}

/** Writes an item unless the stored one is newer. */
export async function putOpenItem(deps: Deps, item: OpenItem): Promise<'written' | 'stale'> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: openItemRecord(item),
        ConditionExpression: 'attribute_not_exists(pk) OR version <= :v',
        ExpressionAttributeValues: { ':v': item.version },
      }),
    );
    return 'written';
  } catch (e) {
    if (isConditionalCheckFailed(e)) return 'stale';
    throw e;
  }
}

/** Rebuilds the open item of one document from what it stores now. */
export async function projectDocument(
  deps: Deps,
  companyId: string,
  kind: OpenItemKind,
  documentId: string,
): Promise<ProjectionOutcome> {
  const source =
    kind === 'INV'
      ? await issuedInvoiceSource(deps, companyId, documentId)
      : await receivedInvoiceSource(deps, companyId, documentId);
  if (!source) {
    const res = await deps.db.send(
      new DeleteCommand({
        TableName: deps.table,
        Key: keys.openItem(companyId, kind, documentId),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return res.Attributes ? 'removed' : 'absent';
  }
  return putOpenItem(deps, buildOpenItem(source, deps.now().toISOString()));
}

export async function getOpenItem(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  kind: OpenItemKind,
  documentId: string,
): Promise<OpenItem | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.openItem(companyId, kind, documentId) }),
  );
  return res.Item ? toItem(res.Item) : null;
}

export interface OpenItemFilter {
  direction?: OpenItem['direction'] | undefined;
  status?: OpenItem['status'] | undefined;
  /** A strongly consistent read (what was written before the call is seen). */
  consistent?: boolean | undefined;
}

/** Every open item of a company (optionally one direction and one status), by kind and id. */
export async function listOpenItems(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  filter: OpenItemFilter = {},
): Promise<OpenItem[]> {
  const { pk } = keys.openItemPartition(companyId);
  const kind = filter.direction === 'RECEIVABLE' ? 'INV' : filter.direction === 'PAYABLE' ? 'REC' : null;
  const prefix = kind ? keys.openItemKindPrefix(companyId, kind).skPrefix : null;
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: prefix ? { ':pk': pk, ':prefix': prefix } : { ':pk': pk },
    ...(filter.consistent ? { ConsistentRead: true } : {}),
  });
  return items.map(toItem).filter((i) => !filter.status || i.status === filter.status);
}

/** The OPEN items whose next unpaid due date is on or before `to` (gsi1, earliest first). */
export async function listOpenItemsByDue(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  range: { to: string },
): Promise<OpenItem[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :to',
    ExpressionAttributeValues: {
      ':pk': keys.openItemByDuePartition(companyId).gsi1pk,
      // Every key of that day sorts before `<to>#~` ('~' is after the kinds' letters).
      ':to': `${range.to}#~`,
    },
  });
  return items.map(toItem).filter((i) => i.status === 'OPEN');
}
