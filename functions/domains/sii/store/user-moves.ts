/**
 * The entry writes the API makes on a user's request (issue 16 item 5): 'Enviar' (NOT_SENT, ERROR,
 * REJECTED → QUEUED), 'Reintento' (REJECTED, ERROR, PENDING_CORRECTION → QUEUED with corrections)
 * and the ConsultaLR comparison (`reconciliation`). THE PROTOCOL is the doc comment of `SiiEntry`
 * (shared/schemas/sii.ts): the user moves only entries that are not in flight, and every move is
 * one TransactWriteItems of
 *  - the entry's next state, a Put conditioned on the state it was decided from (updatedAt, status
 *    and contentVersion, as the registration writes are: store/entries.ts `entryPut`), so a sender
 *    claim or a registration in between refuses it and the move is decided again from a fresh read;
 *  - the `siiStatus` mirror on the source document (store/entry-item.ts).
 */

import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  isConditionalCheckFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { SiiEntry } from '@shared/schemas/sii';
import type { StoredSiiEntry } from '../model/entry-rules';
import type { SiiDeps } from './deps';
import { entryPut, getEntry } from './entries';
import { sourceStatusUpdate } from './entry-item';

type Deps = Pick<SiiDeps, 'db' | 'table'>;

/** Fresh reads and decisions of one move before it gives up (409 CONCURRENT_UPDATE). */
export const MAX_MOVE_ATTEMPTS = 4;

export const ENTRY_NOT_FOUND = 'El registro SII no existe.';

/**
 * Decides the entry's next state from its current one: the next entry, or null when nothing has to
 * change. May throw an AppError (a state the request does not apply to).
 */
export type MoveDecision = (current: StoredSiiEntry) => StoredSiiEntry | null;

/**
 * Moves one entry as `decide` says, from `read` (the entry as the caller read it), and answers its
 * state afterwards (the one written, or the current one when nothing changed). A refused condition
 * is read and decided again; a vanished source item only drops the mirror.
 */
export async function moveEntry(
  deps: Deps,
  read: StoredSiiEntry,
  decide: MoveDecision,
): Promise<{ entry: StoredSiiEntry; moved: boolean }> {
  let current = read;
  let mirror = true;
  for (let attempt = 1; ; attempt++) {
    const next = decide(current);
    if (!next) return { entry: current, moved: false };
    const items: TransactItem[] = [entryPut(deps.table, next, current)];
    const sourceUpdate = mirror ? sourceStatusUpdate(deps.table, next, next.status, next.updatedAt) : null;
    if (sourceUpdate) items.push(sourceUpdate);
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return { entry: next, moved: true };
    } catch (e) {
      if (!isTransactionCanceled(e) && !isTransactionConflict(e)) throw e;
      const [entryCode, sourceCode] = cancellationCodes(e);
      if (sourceUpdate && sourceCode === 'ConditionalCheckFailed' && entryCode !== 'ConditionalCheckFailed')
        mirror = false;
      if (attempt >= MAX_MOVE_ATTEMPTS) throw new AppError('CONCURRENT_UPDATE');
      const fresh = await getEntry(deps, current.companyId, current.book, current.documentId);
      if (!fresh) throw new AppError('CORE_006', ENTRY_NOT_FOUND);
      current = fresh;
    }
  }
}

/**
 * Stores what a ConsultaLR said of an entry. Only `reconciliation` changes (not `updatedAt`): the
 * comparison is no change of the record, and must not refuse a sender's or registration's write.
 * An entry deleted meanwhile is left alone (false).
 */
export async function saveReconciliation(
  deps: Deps,
  entry: Pick<SiiEntry, 'companyId' | 'book' | 'documentId'>,
  reconciliation: NonNullable<SiiEntry['reconciliation']>,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.siiEntry(entry.companyId, entry.book, entry.documentId),
        UpdateExpression: 'SET #r = :r',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#r': 'reconciliation' },
        ExpressionAttributeValues: { ':r': reconciliation },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}
