/**
 * Bank movements (partition `BANKMOV#<c>#<accountId>`, sort key `<bookingDate>#<movementId>`) and
 * their duplicate claims (`BANKDUP#<c>#<accountId>`, one per fingerprint). A movement is written in
 * the same transaction as its claim (`attribute_not_exists`) and as the account's counters, so a
 * re-import, an overlapping file or a PSD2 sync of the same days never duplicates, and the account's
 * `movementCount` / `unreconciledCount` stay exact even if a run stops halfway. Used by N43 imports
 * (store/imports.ts) and PSD2 syncs.
 */

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedAnyCondition,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { matchesSearch } from '@shared/api/listing';
import { keys } from '@shared/db/keys';
import type { BankMovement, MovementStatus } from '@shared/schemas/banking';
import { bookingDateOfMovementId, movementIdOf } from '../model/movement-id';
import { commonConceptLabel } from '../model/n43/concepts';
import type { BankingDeps } from './deps';
import type { BankMovementItem, MovementSource } from './items';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now'>;

/** What a feed hands in: a movement without its ids, source and reconciliation state. */
export interface NewMovement {
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  currency: string;
  commonConcept: string | null;
  ownConcept: string | null;
  documentNumber: string | null;
  reference1: string | null;
  reference2: string | null;
  conceptLines: string[];
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyNif: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  /** The duplicate claim's key (N43: model/movement-id `n43Fingerprints`; PSD2: the provider's id). */
  fingerprint: string;
}

export interface InsertResult {
  created: number;
  duplicates: number;
  /** Ids of the movements this call created. */
  createdIds: string[];
}

/** Pairs per transaction: 49 (claim + movement) + the account's counters = 99 of DynamoDB's 100. */
const PAIRS_PER_TRANSACTION = 49;

/** Statuses that still wait for reconciliation (counted in the account's `unreconciledCount`). */
export const isUnreconciled = (status: MovementStatus): boolean =>
  status === 'UNMATCHED' || status === 'PROPOSED';

function movementItem(
  companyId: string,
  accountId: string,
  m: NewMovement,
  source: MovementSource,
  sourceId: string,
  at: string,
): BankMovementItem {
  return {
    entity: 'BankMovement',
    schemaVersion: 1,
    companyId,
    accountId,
    movementId: movementIdOf(m.bookingDate, m.fingerprint),
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amountCents: m.amountCents,
    currency: m.currency,
    commonConcept: m.commonConcept,
    ownConcept: m.ownConcept,
    documentNumber: m.documentNumber,
    reference1: m.reference1,
    reference2: m.reference2,
    conceptLines: m.conceptLines,
    description: m.description,
    counterpartyName: m.counterpartyName,
    counterpartyIban: m.counterpartyIban,
    counterpartyNif: m.counterpartyNif,
    endToEndId: m.endToEndId,
    mandateId: m.mandateId,
    source,
    sourceId,
    fingerprint: m.fingerprint,
    reconciliation: { status: 'UNMATCHED', sessionId: null, matchId: null },
    createdAt: at,
  };
}

function pairOf(deps: Deps, companyId: string, item: BankMovementItem): TransactItem[] {
  return [
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.bankMovementClaim(companyId, item.accountId, item.fingerprint),
          entity: 'BankMovementClaim',
          companyId,
          accountId: item.accountId,
          movementId: item.movementId,
          createdAt: item.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.bankMovement(companyId, item.accountId, item.bookingDate, item.movementId),
          ...item,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

function countersOf(deps: Deps, companyId: string, accountId: string, n: number): TransactItem {
  return {
    Update: {
      TableName: deps.table,
      Key: keys.bankAccount(companyId, accountId),
      UpdateExpression: 'ADD movementCount :n, unreconciledCount :n SET updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':at': deps.now().toISOString() },
    },
  };
}

/** Writes the movements of a batch in one transaction: true, or false when any claim was taken. */
async function writeBatch(deps: Deps, companyId: string, accountId: string, batch: BankMovementItem[]) {
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...batch.flatMap((item) => pairOf(deps, companyId, item)),
          countersOf(deps, companyId, accountId, batch.length),
        ],
      }),
    );
    return true;
  } catch (e) {
    if (isTransactionCanceled(e) && failedAnyCondition(e)) return false;
    throw e;
  }
}

/** Moves `lastMovementDate` forward (never back). */
async function advanceLastMovementDate(deps: Deps, companyId: string, accountId: string, date: string) {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.bankAccount(companyId, accountId),
        UpdateExpression: 'SET lastMovementDate = :d',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastMovementDate) OR attribute_type(lastMovementDate, :null) OR lastMovementDate < :d)',
        ExpressionAttributeValues: { ':d': date, ':null': 'NULL' },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

/**
 * Inserts the movements the account does not hold yet. Batches of 49 go in one transaction each; a
 * batch refused because some fingerprint was already claimed is retried one movement at a time, so
 * only the duplicates are skipped. The account must exist (its counters move in the same writes).
 */
export async function insertMovements(
  deps: Deps,
  companyId: string,
  accountId: string,
  movements: readonly NewMovement[],
  source: MovementSource,
  sourceId: string,
): Promise<InsertResult> {
  const at = deps.now().toISOString();
  const seen = new Set<string>();
  const unique: BankMovementItem[] = [];
  for (const m of movements) {
    if (seen.has(m.fingerprint)) continue;
    seen.add(m.fingerprint);
    unique.push(movementItem(companyId, accountId, m, source, sourceId, at));
  }
  const createdIds: string[] = [];
  for (let i = 0; i < unique.length; i += PAIRS_PER_TRANSACTION) {
    const batch = unique.slice(i, i + PAIRS_PER_TRANSACTION);
    if (await writeBatch(deps, companyId, accountId, batch)) {
      createdIds.push(...batch.map((m) => m.movementId));
      continue;
    }
    for (const item of batch) {
      if (await writeBatch(deps, companyId, accountId, [item])) createdIds.push(item.movementId);
    }
  }
  const created = new Set(createdIds);
  const last = unique
    .filter((m) => created.has(m.movementId))
    .reduce<string | null>((max, m) => (max === null || m.bookingDate > max ? m.bookingDate : max), null);
  if (last) await advanceLastMovementDate(deps, companyId, accountId, last);
  return { created: createdIds.length, duplicates: movements.length - createdIds.length, createdIds };
}

// --- reading --------------------------------------------------------------------------------------------

const stripKeys = (item: Record<string, unknown>): BankMovementItem => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as BankMovementItem;
};

export function movementView(m: BankMovementItem): BankMovement {
  return {
    movementId: m.movementId,
    accountId: m.accountId,
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amountCents: m.amountCents,
    currency: m.currency,
    commonConcept: m.commonConcept,
    commonConceptLabel: m.commonConcept ? commonConceptLabel(m.commonConcept) : null,
    ownConcept: m.ownConcept,
    documentNumber: m.documentNumber,
    reference1: m.reference1,
    reference2: m.reference2,
    conceptLines: m.conceptLines,
    description: m.description,
    counterpartyName: m.counterpartyName,
    counterpartyIban: m.counterpartyIban,
    counterpartyNif: m.counterpartyNif,
    endToEndId: m.endToEndId,
    mandateId: m.mandateId,
    source: m.source,
    sourceId: m.sourceId,
    reconciliation: m.reconciliation,
    createdAt: m.createdAt,
  };
}

export interface MovementFilter {
  /** Booking dates, inclusive. */
  from?: string;
  to?: string;
  status?: MovementStatus;
  /** IN: amount > 0; OUT: amount < 0. */
  sign?: 'IN' | 'OUT';
  search?: string;
  /** Default 'desc' (newest first). */
  order?: 'asc' | 'desc';
  /** Page size; absent: every movement that matches (for reconciliation and reports). */
  limit?: number;
  /** The previous page's `nextCursor`. */
  cursor?: string;
}

export interface MovementListing {
  items: BankMovementItem[];
  nextCursor: string | null;
}

const encodeCursor = (key: { pk: unknown; sk: unknown }) =>
  Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk }), 'utf8').toString('base64url');

function decodeCursor(cursor: string | undefined, pk: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const k = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { pk?: unknown; sk?: unknown };
    // A cursor of another partition (another company or account) is ignored, never followed.
    return k.pk === pk && typeof k.sk === 'string' ? { pk: k.pk, sk: k.sk } : undefined;
  } catch {
    return undefined;
  }
}

const matches = (m: BankMovementItem, f: MovementFilter): boolean =>
  (!f.status || m.reconciliation.status === f.status) &&
  (!f.sign || (f.sign === 'IN' ? m.amountCents > 0 : m.amountCents < 0)) &&
  matchesSearch(
    f.search,
    m.description,
    m.counterpartyName ?? undefined,
    m.counterpartyNif ?? undefined,
    m.reference1 ?? undefined,
    m.reference2 ?? undefined,
    m.documentNumber ?? undefined,
    (Math.abs(m.amountCents) / 100).toFixed(2).replace('.', ','),
  );

/**
 * An account's movements by booking date, filtered (status, sign, search in memory over the date
 * range's Query) and paged by cursor: `nextCursor` is the key of the last item returned.
 */
export async function listMovements(
  deps: Deps,
  companyId: string,
  accountId: string,
  filter: MovementFilter = {},
): Promise<MovementListing> {
  const { pk } = keys.bankMovementPartition(companyId, accountId);
  const items: BankMovementItem[] = [];
  const full = () => filter.limit !== undefined && items.length >= filter.limit;
  let start = decodeCursor(filter.cursor, pk);
  let more = true;
  while (more && !full()) {
    const r = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': filter.from ?? '0000',
          // '~' sorts after '#' and every id character: the whole last day is inside.
          ':to': `${filter.to ?? '9999-12-31'}~`,
        },
        ScanIndexForward: (filter.order ?? 'desc') === 'asc',
        ExclusiveStartKey: start,
        Limit: filter.limit ? Math.max(filter.limit * 2, 50) : 500,
      }),
    );
    const rows = r.Items ?? [];
    more = r.LastEvaluatedKey !== undefined;
    start = r.LastEvaluatedKey;
    for (const [i, raw] of rows.entries()) {
      const m = stripKeys(raw);
      if (!matches(m, filter)) continue;
      items.push(m);
      if (full()) {
        // Rows after the last one returned are still to be read.
        if (i < rows.length - 1) more = true;
        break;
      }
    }
  }
  const last = items.at(-1);
  const nextCursor =
    more && filter.limit !== undefined && last
      ? encodeCursor(keys.bankMovement(companyId, accountId, last.bookingDate, last.movementId))
      : null;
  return { items, nextCursor };
}

export async function getMovement(
  deps: Deps,
  companyId: string,
  accountId: string,
  movementId: string,
): Promise<BankMovementItem | null> {
  const bookingDate = bookingDateOfMovementId(movementId);
  if (!bookingDate) return null;
  const r = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.bankMovement(companyId, accountId, bookingDate, movementId),
      ConsistentRead: true,
    }),
  );
  return r.Item ? stripKeys(r.Item) : null;
}

export interface MovementReconciliation {
  status: MovementStatus;
  sessionId: string | null;
  matchId: string | null;
}

/** The condition that the movement is still in the state `was` (null fields stored as NULL). */
function stateCondition(was: MovementReconciliation): { condition: string; values: Record<string, unknown> } {
  const parts = ['reconciliation.#status = :was'];
  const values: Record<string, unknown> = { ':was': was.status };
  for (const f of ['sessionId', 'matchId'] as const) {
    if (was[f] === null) {
      parts.push(`attribute_type(reconciliation.${f}, :nullType)`);
      values[':nullType'] = 'NULL';
    } else {
      parts.push(`reconciliation.${f} = :${f}`);
      values[`:${f}`] = was[f];
    }
  }
  return { condition: parts.join(' AND '), values };
}

/**
 * Sets a movement's reconciliation state (reconciliation's store calls it) and moves the account's
 * `unreconciledCount` in the same transaction, conditioned on the state it read: a retry, or a
 * concurrent change, never counts twice (it re-reads and applies only what is left to do).
 */
export async function setMovementReconciliation(
  deps: Deps,
  companyId: string,
  movement: Pick<BankMovementItem, 'accountId' | 'movementId'>,
  reconciliation: MovementReconciliation,
): Promise<BankMovementItem> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getMovement(deps, companyId, movement.accountId, movement.movementId);
    if (!current) throw new Error(`movement ${movement.movementId} not found`);
    const was = current.reconciliation;
    if (
      was.status === reconciliation.status &&
      was.sessionId === reconciliation.sessionId &&
      was.matchId === reconciliation.matchId
    ) {
      return current;
    }
    const delta = Number(isUnreconciled(reconciliation.status)) - Number(isUnreconciled(was.status));
    const { condition, values } = stateCondition(was);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: deps.table,
          Key: keys.bankMovement(companyId, current.accountId, current.bookingDate, current.movementId),
          UpdateExpression: 'SET reconciliation = :r',
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':r': reconciliation, ...values },
        },
      },
    ];
    if (delta !== 0) {
      items.push({
        Update: {
          TableName: deps.table,
          Key: keys.bankAccount(companyId, current.accountId),
          UpdateExpression: 'ADD unreconciledCount :d SET updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':d': delta, ':at': deps.now().toISOString() },
        },
      });
    }
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return { ...current, reconciliation };
    } catch (e) {
      if (!isTransactionCanceled(e)) throw e;
    }
  }
  throw new Error(`movement ${movement.movementId}: reconciliation state kept changing`);
}
