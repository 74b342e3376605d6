/**
 * The stored shape of an SII entry (`SiiEntry`, one record of one book; shared/schemas/sii.ts) and
 * the attributes every writer of entries keeps consistent: the sparse indexes and the `siiStatus`
 * mirrored on the source document. Pure: item builders and expression pieces, no I/O.
 *
 *  - gsi1 `keys.siiPending` only while the entry is QUEUED or SENT (what the sender claims or must
 *    resolve), oldest first;
 *  - gsi2 `keys.siiOpenGlobal` while the entry is not final, by deadline (sweep, deadline alerts).
 *    Final = ACCEPTED, or withdrawn with nothing to send (a cancelled or deleted source the AEAT
 *    never held: no baja is due, the entry only records that it existed).
 */

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { SiiEntry, SiiStatus } from '@shared/schemas/sii';

export const SII_ENTRY_ENTITY = 'SiiEntry';

/** The entry has something to send or an attempt to resolve: the sender's gsi1 holds it. */
export const isPendingStatus = (status: SiiStatus): boolean => status === 'QUEUED' || status === 'SENT';

/**
 * Nothing more will happen to the entry unless its source changes: accepted, or withdrawn with no
 * operation due (never registered, so no baja). Such an entry is neither pending nor open, and the
 * statistics must not count it as pending.
 */
export const isFinalEntry = (e: Pick<SiiEntry, 'status' | 'withdrawn' | 'pendingOperation'>): boolean =>
  e.status === 'ACCEPTED' || (e.withdrawn && e.pendingOperation === null && !isPendingStatus(e.status));

const pendingIndex = (e: SiiEntry) => keys.siiPending(e.companyId, e.book, e.createdAt, e.documentId);
const openIndex = (e: SiiEntry) => keys.siiOpenGlobal(e.deadline, e.companyId, e.book, e.documentId);

/** The item of an entry: key, entity and version, the sparse index attributes its state calls for. */
export function entryItem(entry: SiiEntry): Record<string, unknown> {
  return {
    ...keys.siiEntry(entry.companyId, entry.book, entry.documentId),
    ...(isPendingStatus(entry.status) ? pendingIndex(entry) : {}),
    ...(isFinalEntry(entry) ? {} : openIndex(entry)),
    entity: SII_ENTRY_ENTITY,
    v: SCHEMA_VERSION,
    ...entry,
  };
}

export const entryFromItem = (item: Record<string, unknown>): SiiEntry =>
  stripKeys(item) as unknown as SiiEntry;

/**
 * What an UpdateExpression must SET and REMOVE on the index attributes when `entry` moves to
 * `nextStatus`. `entry` is the entry as it will be (its deadline, `withdrawn` and
 * `pendingOperation` after the move); only its status is taken from `nextStatus`. The names are
 * the attribute names themselves (gsi1pk, gsi1sk, gsi2pk, gsi2sk): no reserved words among them.
 */
export function indexChanges(
  entry: SiiEntry,
  nextStatus: SiiStatus,
): { set: Record<string, unknown>; remove: string[] } {
  const next = { ...entry, status: nextStatus };
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  if (isPendingStatus(nextStatus)) Object.assign(set, pendingIndex(next));
  else remove.push('gsi1pk', 'gsi1sk');
  if (isFinalEntry(next)) remove.push('gsi2pk', 'gsi2sk');
  else Object.assign(set, openIndex(next));
  return { set, remove };
}

/**
 * The source item whose `siiStatus` an entry drives: the issued invoice for its FE entry, the
 * received invoice for its FR entry; the other books (BI, OI, RECC) never drive it. A deleted
 * received invoice has no item left to mirror on.
 */
export function sourceKeyOf(entry: SiiEntry): { pk: string; sk: string } | null {
  if (entry.book === 'FE' && entry.source.type === 'INVOICE')
    return keys.invoice(entry.companyId, entry.source.invoiceId);
  if (entry.book === 'FR' && entry.source.type === 'RECEIVED_INVOICE' && !entry.withdrawn)
    return keys.receivedInvoice(entry.companyId, entry.source.invoiceId);
  return null;
}

/**
 * The Update mirroring `siiStatus` (and when it changed) on the source item, for the transaction
 * that moves the entry; null when the entry does not drive its source's status. Conditioned on the
 * item existing, so a mirror never creates a stray item. It leaves `updatedAt`/`version` alone: the
 * SII state is not an edit of the invoice and must not break its optimistic concurrency.
 */
export function sourceStatusUpdate(
  table: string,
  entry: SiiEntry,
  status: SiiStatus,
  at: string,
): TransactItem | null {
  const key = sourceKeyOf(entry);
  if (!key) return null;
  return {
    Update: {
      TableName: table,
      Key: key,
      UpdateExpression: 'SET siiStatus = :s, siiStatusAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': status, ':at': at },
    },
  };
}
