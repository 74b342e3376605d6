/**
 * The submission state of records (`keys.verifactuSubmission`), moved ONLY by conditional writes:
 *   QUEUED → SENT            claim: `#status = :queued`, new attemptId, attempts + 1
 *   SENT → final             outcome: `#status = :sent AND attemptId = :attempt`
 *   SENT → QUEUED            nothing reached the AEAT (or ConsultaLR did not find it): same condition
 *   ERROR → QUEUED           resubmit after a technical failure (never an Incorrecto)
 * Each move ADDs the company's status counters (`keys.verifactuStats`) in the same
 * TransactWriteItems. While QUEUED or SENT an item carries the sparse pending keys (gsi1 per
 * company, gsi2 global); a final state removes them.
 */

import { BatchGetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type {
  SubmissionAttempt,
  SubmissionStatus,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';
import type { VerifactuDeps } from './deps';

type Deps = Pick<VerifactuDeps, 'db' | 'table' | 'now'>;

/** At most this many records go in one message (reference §4.4). */
export const MAX_RECORDS_PER_MESSAGE = 1000;
/** TransactWriteItems takes 100 items; one is the stats counter. */
const TRANSACT_CHUNK = 99;

const toSubmission = (item: Record<string, unknown>) => stripKeys(item) as unknown as VerifactuSubmission;

/**
 * The company's pending submissions (QUEUED or SENT) in chain order, at most `limit`: gsi1
 * gives the seqs, then the items are read again strongly consistent (the index lags behind the
 * conditional moves) and only those still pending are kept.
 */
export async function listPending(
  deps: Deps,
  companyId: string,
  limit = MAX_RECORDS_PER_MESSAGE,
): Promise<VerifactuSubmission[]> {
  const part = keys.verifactuPendingPartition(companyId);
  const seqs: number[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': part.gsi1pk },
        ScanIndexForward: true,
        Limit: limit - seqs.length,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) if (typeof item.seq === 'number') seqs.push(item.seq);
    start = res.LastEvaluatedKey;
  } while (start && seqs.length < limit);
  if (seqs.length === 0) return [];
  const items = await batchGet(
    deps,
    seqs.map((seq) => keys.verifactuSubmission(companyId, seq)),
    true,
  );
  return items
    .map(toSubmission)
    .filter((s) => s.status === 'QUEUED' || s.status === 'SENT')
    .sort((a, b) => a.seq - b.seq);
}

/** The records (immutable) of these seqs, by seq. */
export async function getRecords(
  deps: Deps,
  companyId: string,
  seqs: number[],
): Promise<Map<number, VerifactuRecord>> {
  const items = await batchGet(
    deps,
    seqs.map((seq) => keys.verifactuRecord(companyId, seq)),
    false,
  );
  const out = new Map<number, VerifactuRecord>();
  for (const item of items) {
    const record = stripKeys(item) as unknown as VerifactuRecord;
    out.set(record.seq, record);
  }
  return out;
}

export async function getSubmissionItem(
  deps: Deps,
  companyId: string,
  seq: number,
): Promise<VerifactuSubmission | null> {
  const [item] = await batchGet(deps, [keys.verifactuSubmission(companyId, seq)], true);
  return item ? toSubmission(item) : null;
}

async function batchGet(
  deps: Deps,
  allKeys: { pk: string; sk: string }[],
  consistent: boolean,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < allKeys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = allKeys.slice(i, i + 100);
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      if (round > 10) throw new Error('BatchGet left keys unprocessed too many times');
      const res = await deps.db.send(
        new BatchGetCommand({
          RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: consistent } },
        }),
      );
      out.push(...(res.Responses?.[deps.table] ?? []));
      pending = res.UnprocessedKeys?.[deps.table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}

// --- moves ---------------------------------------------------------------------------------------

/** One conditional move of one submission, and what it does to the counters. */
export interface Move {
  seq: number;
  from: SubmissionStatus;
  to: SubmissionStatus;
  update: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;
}

const statsUpdate = (deps: Deps, companyId: string, moves: Move[], now: string): TransactItem => {
  const delta = new Map<SubmissionStatus, number>();
  for (const m of moves) {
    if (m.from === m.to) continue;
    delta.set(m.from, (delta.get(m.from) ?? 0) - 1);
    delta.set(m.to, (delta.get(m.to) ?? 0) + 1);
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':entity': 'VerifactuStats',
    ':v': SCHEMA_VERSION,
    ':companyId': companyId,
    ':now': now,
  };
  const adds: string[] = [];
  let i = 0;
  for (const [status, n] of delta) {
    if (n === 0) continue;
    names[`#s${i}`] = `status_${status}`;
    values[`:d${i}`] = n;
    adds.push(`#s${i} :d${i}`);
    i++;
  }
  return {
    Update: {
      TableName: deps.table,
      Key: keys.verifactuStats(companyId),
      UpdateExpression: `SET entity = :entity, v = :v, companyId = :companyId, updatedAt = :now${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ...(i > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
};

/**
 * Applies moves in chunks of one TransactWriteItems each (with the counters). A chunk refused by a
 * condition is retried move by move, so one record someone else moved does not stop the others.
 * Returns the seqs that moved.
 */
export async function applyMoves(deps: Deps, companyId: string, moves: Move[]): Promise<Set<number>> {
  const done = new Set<number>();
  const now = deps.now().toISOString();
  const run = async (chunk: Move[]): Promise<boolean> => {
    const items: TransactItem[] = chunk.map((m) => ({
      Update: { TableName: deps.table, Key: keys.verifactuSubmission(companyId, m.seq), ...m.update },
    }));
    items.push(statsUpdate(deps, companyId, chunk, now));
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      for (const m of chunk) done.add(m.seq);
      return true;
    } catch (e) {
      if (isTransactionCanceled(e) || isConditionalCheckFailed(e)) return false;
      throw e;
    }
  };
  for (let i = 0; i < moves.length; i += TRANSACT_CHUNK) {
    const chunk = moves.slice(i, i + TRANSACT_CHUNK);
    if (await run(chunk)) continue;
    if (chunk.length === 1) continue;
    for (const m of chunk) await run([m]);
  }
  return done;
}

const attemptOf = (
  attemptId: string,
  at: string,
  outcome: string,
  code: string | null = null,
  message: string | null = null,
  archive?: SubmissionAttempt['archive'],
): SubmissionAttempt => ({ attemptId, at, outcome, code, message, ...(archive ? { archive } : {}) });

/** QUEUED → SENT under a new attempt (the claim that makes a record this sender's to send). */
export function claimMove(seq: number, attemptId: string, at: string): Move {
  return {
    seq,
    from: 'QUEUED',
    to: 'SENT',
    update: {
      UpdateExpression:
        'SET #status = :sent, attemptId = :attempt, attempts = if_not_exists(attempts, :zero) + :one, lastAttemptAt = :at, sentAt = :at, updatedAt = :at',
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sent': 'SENT',
        ':queued': 'QUEUED',
        ':attempt': attemptId,
        ':zero': 0,
        ':one': 1,
        ':at': at,
      },
    },
  };
}

export interface Resolution {
  status: 'VERIFIED' | 'ACCEPTED_WITH_ERRORS' | 'ERROR';
  aeatState: string | null;
  aeatCode: string | null;
  aeatMessage: string | null;
  csv: string | null;
  /** History outcome: SENT_OK, REJECTED, DUPLICATE, CONSULTED, SOAP_FAULT… */
  outcome: string;
}

/** SENT → final, only for the attempt that sent it; the pending index entries go. */
export function resolveMove(
  seq: number,
  attemptId: string,
  at: string,
  r: Resolution,
  archive?: SubmissionAttempt['archive'],
): Move {
  return {
    seq,
    from: 'SENT',
    to: r.status,
    update: {
      UpdateExpression:
        'SET #status = :to, aeatState = :state, aeatCode = :code, aeatMessage = :message, csv = :csv, resolvedAt = :at, updatedAt = :at, history = list_append(if_not_exists(history, :empty), :h) REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
      ConditionExpression: '#status = :sent AND attemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': r.status,
        ':sent': 'SENT',
        ':attempt': attemptId,
        ':state': r.aeatState,
        ':code': r.aeatCode,
        ':message': r.aeatMessage,
        ':csv': r.csv,
        ':at': at,
        ':empty': [],
        ':h': [attemptOf(attemptId, at, r.outcome, r.aeatCode, r.aeatMessage, archive)],
      },
    },
  };
}

/** SENT → QUEUED: this attempt certainly did not register the record (or ConsultaLR did not find it). */
export function requeueMove(
  seq: number,
  attemptId: string,
  at: string,
  outcome: string,
  message: string | null,
  code: string | null = null,
  /** The archived SOAP exchange of this entry (store/archive.ts), when there was one. */
  archive?: SubmissionAttempt['archive'],
): Move {
  return {
    seq,
    from: 'SENT',
    to: 'QUEUED',
    update: {
      UpdateExpression:
        'SET #status = :queued, attemptId = :null, updatedAt = :at, history = list_append(if_not_exists(history, :empty), :h)',
      ConditionExpression: '#status = :sent AND attemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':queued': 'QUEUED',
        ':sent': 'SENT',
        ':attempt': attemptId,
        ':null': null,
        ':at': at,
        ':empty': [],
        ':h': [attemptOf(attemptId, at, outcome, code, message, archive)],
      },
    },
  };
}

/** Stays SENT (outcome unknown): the attempt is written down (reference §7, #4591). */
export function noteAttemptMove(
  seq: number,
  attemptId: string,
  at: string,
  outcome: string,
  message: string | null,
  code: string | null = null,
  /** The archived SOAP exchange of this entry (store/archive.ts), when there was one. */
  archive?: SubmissionAttempt['archive'],
): Move {
  return {
    seq,
    from: 'SENT',
    to: 'SENT',
    update: {
      UpdateExpression: 'SET updatedAt = :at, history = list_append(if_not_exists(history, :empty), :h)',
      ConditionExpression: '#status = :sent AND attemptId = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sent': 'SENT',
        ':attempt': attemptId,
        ':at': at,
        ':empty': [],
        ':h': [attemptOf(attemptId, at, outcome, code, message, archive)],
      },
    },
  };
}

/**
 * Resubmit after a technical failure: ERROR → QUEUED (with its pending index entries back), for a
 * record the AEAT never judged (a SOAP Client fault, a certificate problem). An Incorrecto is
 * never requeued: the AEAT rejected that content, and a correction is a new record.
 * Returns true when it moved; false when the submission does not exist or is not such an ERROR.
 * The sweep (every minute) wakes the sender for it.
 */
export async function requeueSubmission(
  deps: Pick<VerifactuDeps, 'db' | 'table' | 'now' | 'newId'>,
  companyId: string,
  seq: number,
): Promise<boolean> {
  const at = deps.now().toISOString();
  const move: Move = {
    seq,
    from: 'ERROR',
    to: 'QUEUED',
    update: {
      UpdateExpression:
        'SET #status = :queued, attemptId = :null, resolvedAt = :null, updatedAt = :at, gsi1pk = :g1pk, gsi1sk = :g1sk, gsi2pk = :g2pk, gsi2sk = :g2sk, history = list_append(if_not_exists(history, :empty), :h)',
      ConditionExpression:
        'attribute_exists(pk) AND #status = :error AND (attribute_not_exists(aeatState) OR aeatState <> :incorrecto)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':queued': 'QUEUED',
        ':error': 'ERROR',
        ':incorrecto': 'Incorrecto',
        ':null': null,
        ':at': at,
        ':empty': [],
        ':h': [attemptOf(deps.newId(), at, 'REQUEUED')],
        ...prefixed(keys.verifactuPending(companyId, seq), keys.verifactuPendingGlobal(companyId, seq)),
      },
    },
  };
  const moved = await applyMoves(deps, companyId, [move]);
  return moved.has(seq);
}

const prefixed = (g1: { gsi1pk: string; gsi1sk: string }, g2: { gsi2pk: string; gsi2sk: string }) => ({
  ':g1pk': g1.gsi1pk,
  ':g1sk': g1.gsi1sk,
  ':g2pk': g2.gsi2pk,
  ':g2sk': g2.gsi2sk,
});

/** Lists every company with pending submissions (gsi2, paged); for the sweep. */
export async function pendingCompanies(deps: Pick<VerifactuDeps, 'db' | 'table'>): Promise<string[]> {
  const part = keys.verifactuPendingGlobalPartition();
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': part.gsi2pk },
    ProjectionExpression: 'companyId',
  });
  return [...new Set(items.flatMap((item) => (typeof item.companyId === 'string' ? [item.companyId] : [])))];
}
