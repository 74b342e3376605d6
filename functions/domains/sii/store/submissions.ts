/**
 * The sender's reads and writes of SII entries and the record of each SOAP exchange (`SiiSubmission`).
 *
 * Entries move ONLY by conditional writes (THE PROTOCOL, `SiiEntry` in shared/schemas/sii.ts):
 *   QUEUED → SENT            claim: `#status = QUEUED`, content and updatedAt as read
 *   SENT → ACCEPTED | REJECTED | ERROR | QUEUED | NOT_SENT | PENDING_CORRECTION
 *                            outcome: `#status = SENT AND attemptId = :attempt`, content as read
 *   QUEUED → REJECTED | PENDING_CORRECTION
 *                            a record our writer refuses, never sent
 * Conditioning on `contentVersion` and `updatedAt` as read means a move is computed from the entry as
 * it is: when the registration changed the content meanwhile (it only bumps the content of a SENT
 * entry), the move fails, the entry is read again and the move recomputed (`applyMoves`' `redo`), so
 * a content that changed in flight is queued again and never lost. Each move carries the sparse index
 * attributes of the state it reaches (store/entry-item.ts `indexChanges`) and, in the same
 * TransactWriteItems, the `siiStatus` mirror on the source invoice (`sourceStatusUpdate`).
 */

import { BatchGetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { SiiBook, SiiEntry, SiiSubmission } from '@shared/schemas/sii';
import type { EntryChange } from '../model/outcome';
import type { SiiDeps } from './deps';
import { entryFromItem, indexChanges, sourceStatusUpdate } from './entry-item';

type Deps = Pick<SiiDeps, 'db' | 'table' | 'now'>;

/** TransactWriteItems takes 100 items (an entry and its source mirror count two). */
const TRANSACT_ITEMS = 100;
/** Transactions in flight at once (a 10,000-record message is 100–200 of them). */
const PARALLEL_TRANSACTIONS = 4;

// --- reads ----------------------------------------------------------------------------------------

/**
 * The company's pending entries of one book (QUEUED or SENT), oldest first, at most `limit`: gsi1
 * gives the keys (projected, small pages), then the items are read again strongly consistent (the
 * index lags behind the conditional moves) and only those still pending are kept.
 */
export async function listPending(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
  book: SiiBook,
  limit: number,
): Promise<SiiEntry[]> {
  const part = keys.siiPendingPartition(companyId, book);
  const refs: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': part.gsi1pk },
        ProjectionExpression: 'pk, sk',
        ScanIndexForward: true,
        Limit: Math.min(1000, limit - refs.length),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) refs.push({ pk: String(item.pk), sk: String(item.sk) });
    start = res.LastEvaluatedKey;
  } while (start && refs.length < limit);
  if (refs.length === 0) return [];
  const entries = (await batchGet(deps, refs)).map(entryFromItem);
  return entries
    .filter((e) => e.status === 'QUEUED' || e.status === 'SENT')
    .sort((a, b) =>
      a.createdAt === b.createdAt
        ? a.documentId.localeCompare(b.documentId)
        : a.createdAt < b.createdAt
          ? -1
          : 1,
    );
}

/** These entries read again, strongly consistent (missing ones are left out). */
export async function getEntries(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  entries: Pick<SiiEntry, 'companyId' | 'book' | 'documentId'>[],
): Promise<SiiEntry[]> {
  const refs = entries.map((e) => keys.siiEntry(e.companyId, e.book, e.documentId));
  return (await batchGet(deps, refs)).map(entryFromItem);
}

async function batchGet(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  allKeys: { pk: string; sk: string }[],
): Promise<Record<string, unknown>[]> {
  const chunks: { pk: string; sk: string }[][] = [];
  for (let i = 0; i < allKeys.length; i += 100) chunks.push(allKeys.slice(i, i + 100));
  const out: Record<string, unknown>[] = [];
  await inParallel(chunks, PARALLEL_TRANSACTIONS, async (chunk) => {
    let pending: Record<string, unknown>[] | undefined = chunk;
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 10) throw new Error('BatchGet left keys unprocessed too many times');
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      const res = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      out.push(...(res.Responses?.[deps.table] ?? []));
      pending = res.UnprocessedKeys?.[deps.table]?.Keys as Record<string, unknown>[] | undefined;
    }
  });
  return out;
}

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

// --- moves ----------------------------------------------------------------------------------------

/** One conditional move: the entry as read (the condition) and what it becomes. */
export interface EntryMove {
  entry: SiiEntry;
  change: EntryChange;
}

const MOVED_FIELDS = [
  'status',
  'registered',
  'pendingOperation',
  'attemptId',
  'attempts',
  'acceptedAt',
  'acceptedWithErrors',
  'csv',
  'lastError',
  'lastSubmissionId',
  'history',
  'sentContentVersion',
  'sentOperation',
  'lastSentAt',
] as const satisfies readonly (keyof EntryChange)[];

/** The entry after a move. */
export const afterMove = (m: EntryMove, at: string): SiiEntry => ({ ...m.entry, ...m.change, updatedAt: at });

/** The Update of one move (and its index attributes). */
function entryUpdate(table: string, m: EntryMove, at: string): TransactItem {
  const after = afterMove(m, at);
  const { set, remove } = indexChanges(after, m.change.status);
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {
    ':fromStatus': m.entry.status,
    ':cv': m.entry.contentVersion,
    ':u': m.entry.updatedAt,
    ':at': at,
  };
  const sets = ['updatedAt = :at'];
  MOVED_FIELDS.forEach((field, i) => {
    const value = m.change[field];
    if (value === undefined) return;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  Object.entries(set).forEach(([attr, value], i) => {
    values[`:x${i}`] = value;
    sets.push(`${attr} = :x${i}`);
  });
  let condition = '#status = :fromStatus AND contentVersion = :cv AND updatedAt = :u';
  if (m.entry.status === 'SENT') {
    condition += ' AND attemptId = :attempt';
    values[':attempt'] = m.entry.attemptId;
  }
  return {
    Update: {
      TableName: table,
      Key: keys.siiEntry(m.entry.companyId, m.entry.book, m.entry.documentId),
      UpdateExpression: `SET ${sets.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The items of one move: the entry, and the source mirror when the status changes. */
function itemsOf(table: string, m: EntryMove, at: string, mirror: boolean): TransactItem[] {
  const items = [entryUpdate(table, m, at)];
  if (mirror && m.change.status !== m.entry.status) {
    const update = sourceStatusUpdate(table, afterMove(m, at), m.change.status, at);
    if (update) items.push(update);
  }
  return items;
}

/**
 * Applies moves in TransactWriteItems of at most 100 items. A transaction refused by a condition is
 * retried move by move, so one entry someone else moved does not stop the others; a source mirror
 * whose item is gone (a deleted document) does not stop its entry's move. Moves that still failed
 * are read again and offered to `redo`, which returns the move to make from the fresh entry (or
 * null: nothing to do, e.g. another attempt holds it), twice at most. Returns the entries as moved.
 */
export async function applyMoves(
  deps: Deps,
  moves: EntryMove[],
  redo?: (fresh: SiiEntry) => EntryMove | null,
): Promise<Map<string, SiiEntry>> {
  const done = new Map<string, SiiEntry>();
  let todo = moves;
  for (let round = 0; todo.length > 0; round++) {
    const failed = await applyOnce(deps, todo, done);
    if (!redo || failed.length === 0 || round >= 2) break;
    const fresh = await getEntries(
      deps,
      failed.map((m) => m.entry),
    );
    todo = fresh.map(redo).filter((m): m is EntryMove => m !== null);
  }
  return done;
}

async function applyOnce(deps: Deps, moves: EntryMove[], done: Map<string, SiiEntry>): Promise<EntryMove[]> {
  const at = deps.now().toISOString();
  const chunks: EntryMove[][] = [];
  let chunk: EntryMove[] = [];
  let size = 0;
  for (const m of moves) {
    const n = itemsOf(deps.table, m, at, true).length;
    if (size + n > TRANSACT_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(m);
    size += n;
  }
  if (chunk.length > 0) chunks.push(chunk);
  const failed: EntryMove[] = [];
  await inParallel(chunks, PARALLEL_TRANSACTIONS, async (c) => {
    if (await transact(deps, c, at, true)) {
      for (const m of c) done.set(m.entry.entryId, afterMove(m, at));
      return;
    }
    for (const m of c) {
      if (await applyOne(deps, m, at)) done.set(m.entry.entryId, afterMove(m, at));
      else failed.push(m);
    }
  });
  return failed;
}

/** One move alone; when only its mirror's condition failed (the source is gone), without the mirror. */
async function applyOne(deps: Deps, m: EntryMove, at: string): Promise<boolean> {
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: itemsOf(deps.table, m, at, true) }));
    return true;
  } catch (e) {
    if (!isTransactionCanceled(e)) throw e;
    const codes = cancellationCodes(e);
    if (codes[0] === 'ConditionalCheckFailed' || codes[1] !== 'ConditionalCheckFailed') return false;
  }
  return transact(deps, [m], at, false);
}

async function transact(deps: Deps, moves: EntryMove[], at: string, mirror: boolean): Promise<boolean> {
  const items = moves.flatMap((m) => itemsOf(deps.table, m, at, mirror));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (isTransactionCanceled(e) || isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

// --- submissions ----------------------------------------------------------------------------------

/** At most this many per-record lines are kept on a submission item (DynamoDB's 400 KB); the archive has all. */
export const SUBMISSION_RECORDS_KEPT = 1000;

/** A time-sortable id: `yyyymmddThhmmssSSSZ-<random>` (also the archive's exchange id). */
export function newSubmissionId(now: Date, newId: () => string): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${newId()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`;
}

/**
 * Keeps the lines a reader needs within the item's size: the problems first, then the others, in
 * message order within each group, at most SUBMISSION_RECORDS_KEPT; messages cut to 300 characters.
 */
export function keptRecords(records: SiiSubmission['records']): SiiSubmission['records'] {
  const short = records.map((r) => ({ ...r, message: r.message ? r.message.slice(0, 300) : null }));
  if (short.length <= SUBMISSION_RECORDS_KEPT) return short;
  const problems = short.filter((r) => r.status !== 'ACCEPTED');
  const others = short.filter((r) => r.status === 'ACCEPTED');
  return [...problems, ...others].slice(0, SUBMISSION_RECORDS_KEPT);
}

/** Writes (or rewrites, with the answer) one exchange's record. */
export async function putSubmission(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  submission: SiiSubmission,
): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.siiSubmission(submission.companyId, submission.submissionId),
        entity: 'SiiSubmission',
        v: SCHEMA_VERSION,
        ...submission,
        records: keptRecords(submission.records),
      },
    }),
  );
}

/** Every company with open entries (gsi2 `SII#OPEN`) that are QUEUED or SENT: for the sweep. */
export async function companiesWithPending(deps: Pick<SiiDeps, 'db' | 'table'>): Promise<string[]> {
  const part = keys.siiOpenGlobalPartition();
  const companies = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: '#status IN (:queued, :sent)',
        ProjectionExpression: 'companyId',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': part.gsi2pk, ':queued': 'QUEUED', ':sent': 'SENT' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) if (typeof item.companyId === 'string') companies.add(item.companyId);
    start = res.LastEvaluatedKey;
  } while (start);
  return [...companies];
}
