/**
 * The one writer of the VeriFacTu chain (RD 1007/2023: one unbroken chain per issuer). Every write
 * that adds a record (an invoice's confirmation or cancellation, the VeriFacTu domain's
 * corrections) goes through `writeWithChain`: read the head, build the record and the rest of the
 * transaction on it, write them in ONE TransactWriteItems whose head Put is conditioned on the head
 * read, and on a lost race read again and retry. It owns the retry policy (MAX_CHAIN_ATTEMPTS
 * attempts within CHAIN_BUDGET_MS) and the chain's turn (`ChainTurn`), so that every writer waits,
 * backs off and gives up the same way.
 */

import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { VerifactuRecord } from '@shared/schemas/verifactu';
import {
  type ChainContext,
  chainContext,
  chainRecord,
  RECORD_ITEM_INDEX,
  type RecordBody,
  recordWriteItems,
  type TableDeps,
} from './verifactu-records';

// --- conflicts and back-off --------------------------------------------------------------------

/**
 * True when a transaction carrying record items (starting at `offset` in its TransactItems) lost
 * the chain to a concurrent writer: a transaction conflict, or the head (or the record slot) having
 * moved. Rebuild the record from a fresh head and retry. Any other refusal is the caller's.
 */
export function isChainConflict(e: unknown, offset: number): boolean {
  if (isTransactionConflict(e)) return true;
  if (!isTransactionCanceled(e)) return false;
  return (
    failedConditionAt(e, offset + RECORD_ITEM_INDEX.head) ||
    failedConditionAt(e, offset + RECORD_ITEM_INDEX.record)
  );
}

/**
 * Full-jitter exponential back-off (ms) before attempt `attempt + 1`. The cap is what keeps many
 * writers of one chain from flooding the table with transactions that are bound to lose.
 */
export const chainBackoffMs = (attempt: number, capMs = 2000): number =>
  Math.random() * Math.min(capMs, 25 * 2 ** attempt);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- the chain's turn --------------------------------------------------------------------------

/**
 * The chain's turn: an advisory lease on the head item that writers take after losing a race, so
 * that under contention they write one after another instead of all sending transactions of which
 * all but one must fail (each still costs the table a transaction; DynamoDB Local serialises them,
 * and 50 concurrent confirmations of one company then took 20–30 s instead of a few). Correctness
 * never depends on it: the head's `seq` condition alone keeps the chain unforked. The head Put of
 * the winning transaction replaces the item and so releases the turn; a turn not released (a
 * crashed writer) expires after CHAIN_TURN_MS. Uncontended writes never take it (no extra write).
 */
export const CHAIN_TURN_MS = 3000;

/** One conditional write: takes the turn if it is free, expired or already ours. */
export async function takeChainTurn(deps: TableDeps, companyId: string, holder: string): Promise<boolean> {
  const now = Date.now();
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.verifactuChainHead(companyId),
        UpdateExpression:
          'SET leaseHolder = :me, leaseUntil = :until, entity = :entity, v = :v, companyId = :companyId',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseHolder = :me',
        ExpressionAttributeValues: {
          ':me': holder,
          ':until': now + CHAIN_TURN_MS,
          ':now': now,
          ':entity': 'VerifactuChainHead',
          ':v': SCHEMA_VERSION,
          ':companyId': companyId,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e) || isTransactionConflict(e)) return false;
    throw e;
  }
}

/** Gives the turn back (a writer leaving without writing); never fails the caller. */
export async function releaseChainTurn(deps: TableDeps, companyId: string, holder: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.verifactuChainHead(companyId),
        UpdateExpression: 'REMOVE leaseHolder, leaseUntil',
        ConditionExpression: 'leaseHolder = :me',
        ExpressionAttributeValues: { ':me': holder },
      }),
    );
  } catch {
    // Taken over or released by a record write meanwhile: nothing to give back.
  }
}

/** How long a writer keeps trying to add its record before giving up (API Lambdas stop at 29 s). */
export const CHAIN_BUDGET_MS = 22_000;

/**
 * How many transactions one write may send. Every record of a company moves its one chain head, so
 * N concurrent writers commit one after another (losers take the chain's turn): 50 confirmations at
 * once must all get through (infra/local/verifactu-chain.int.test.ts). Retries also stop at
 * CHAIN_BUDGET_MS.
 */
export const MAX_CHAIN_ATTEMPTS = 80;

/** One writer's use of the chain's turn across its attempts (see CHAIN_TURN_MS). */
export class ChainTurn {
  readonly holder = randomUUID();
  private holding = false;

  constructor(
    private readonly deps: TableDeps,
    private readonly companyId: string,
    readonly deadline = Date.now() + CHAIN_BUDGET_MS,
  ) {}

  get expired(): boolean {
    return Date.now() >= this.deadline;
  }

  /**
   * Before writing on `ctx`: when another writer holds the turn, wait for it. True when the turn was
   * waited for (the context is stale: read it again).
   */
  async waitIfTaken(ctx: Pick<ChainContext, 'lease'> | null): Promise<boolean> {
    const lease = ctx?.lease;
    if (!lease || lease.holder === this.holder || lease.until < Date.now()) return false;
    await this.take(0);
    return true;
  }

  /** After a lost race: take the turn (waiting for the holder), or back off when it cannot be had. */
  async afterLostRace(attempt: number): Promise<void> {
    await this.take(attempt);
  }

  private async take(attempt: number): Promise<void> {
    while (!this.expired) {
      if (await takeChainTurn(this.deps, this.companyId, this.holder)) {
        this.holding = true;
        return;
      }
      // The holder needs one transaction: poll at about that pace.
      await sleep(20 + Math.random() * 60);
    }
    this.holding = false;
    await sleep(chainBackoffMs(attempt));
  }

  /** Gives the turn back when leaving without a written record (a written record released it). */
  async release(): Promise<void> {
    if (this.holding) await releaseChainTurn(this.deps, this.companyId, this.holder);
    this.holding = false;
  }
}

// --- the writer --------------------------------------------------------------------------------

/** One attempt's transaction, built on the chain context read for it. */
export interface ChainTransaction<T> {
  /** Every item of the transaction. */
  items: TransactItem[];
  /** Where the record's items (`recordWriteItems`) start in `items`; null when it adds no record. */
  recordAt: number | null;
  /** What `writeWithChain` returns once the transaction is written. */
  result: T;
}

export interface ChainWrite<R, T> {
  /**
   * False for a write that can add no record (an invoice of a company in the SII, outside RD
   * 1007/2023): no head is read, no turn is taken, `build` gets a null context.
   */
  linked?: boolean;
  /** The instant of each attempt (a record's timestamp is never earlier than the head's). */
  now: () => Date;
  /**
   * The caller's own reads for an attempt (a number claim, the invoice's records), made alongside
   * the head's: the shorter the time between the reads and the write, the fewer races are lost.
   */
  read?: () => Promise<R>;
  /** The attempt's transaction (pure: it may be thrown away and built again). */
  build: (chain: ChainContext | null, read: R, at: Date) => ChainTransaction<T>;
  /**
   * A refusal that is the caller's own (a condition of its items): the error to throw instead,
   * never retried; undefined when it is not.
   */
  refused?: (e: unknown) => unknown | Promise<unknown>;
  /** Races of the caller's items worth another attempt (a lost number claim, a shared aggregate). */
  lostRace?: (e: unknown) => boolean;
  /** The error thrown when the attempts or the time run out (default: the last refusal). */
  gaveUp?: (last: unknown) => unknown;
}

/**
 * Writes one transaction that may add a record to the company's chain, retrying on a lost race.
 * Each attempt reads the head (and `read`), builds the transaction and writes it. After a lost
 * chain (`isChainConflict` at `recordAt`) or a `lostRace`: a transaction with a record takes the
 * chain's turn (writers then go one by one), one without a record backs off with jitter. Before
 * writing a record while another writer holds the turn, it waits for the turn and reads again.
 * Gives up after MAX_CHAIN_ATTEMPTS transactions or CHAIN_BUDGET_MS.
 */
export async function writeWithChain<R, T>(
  deps: TableDeps,
  companyId: string,
  write: ChainWrite<R, T>,
): Promise<T> {
  const linked = write.linked ?? true;
  const turn = new ChainTurn(deps, companyId);
  let written = false;
  let last: unknown = new Error(`VeriFacTu chain of ${companyId}: no turn within ${CHAIN_BUDGET_MS} ms`);
  try {
    for (let attempt = 0; attempt < MAX_CHAIN_ATTEMPTS && !turn.expired; attempt++) {
      const at = write.now();
      const [chain, read] = await Promise.all([
        linked ? chainContext(deps, companyId, at) : null,
        write.read ? write.read() : (undefined as R),
      ]);
      const tx = write.build(chain, read, at);
      const withRecord = tx.recordAt !== null;
      if (withRecord && (await turn.waitIfTaken(chain))) continue;
      try {
        await deps.db.send(new TransactWriteCommand({ TransactItems: tx.items }));
        written = true;
        return tx.result;
      } catch (e) {
        const own = await write.refused?.(e);
        if (own !== undefined) throw own;
        const lost = (withRecord && isChainConflict(e, tx.recordAt ?? 0)) || (write.lostRace?.(e) ?? false);
        if (!lost) throw e;
        last = e;
        if (attempt + 1 >= MAX_CHAIN_ATTEMPTS) break;
        if (withRecord) await turn.afterLostRace(attempt);
        else await sleep(chainBackoffMs(attempt));
      }
    }
  } finally {
    if (!written) await turn.release();
  }
  throw write.gaveUp ? write.gaveUp(last) : last;
}

export type ExtraItems = TransactItem[] | ((record: VerifactuRecord) => TransactItem[]);

/**
 * Appends one record built by `build` to the company's chain in its own transaction (with
 * `extraItems` after the record items, at index RECORD_ITEM_COUNT and on), through
 * `writeWithChain`. For the VeriFacTu domain's corrections (subsanación, alta tras rechazo,
 * anulación tras rechazo). A refusal of an extra item is rethrown as is (its index in the
 * CancellationReasons is RECORD_ITEM_COUNT + its position).
 */
export function appendRecord(
  deps: TableDeps & { now: () => Date },
  companyId: string,
  build: (ctx: ChainContext) => RecordBody,
  extraItems: ExtraItems = [],
  opts: { correctedStatus?: string } = {},
): Promise<VerifactuRecord> {
  return writeWithChain(deps, companyId, {
    now: deps.now,
    build: (chain, _read, at) => {
      // Linked: the context is always read.
      const ctx = chain as ChainContext;
      const record = chainRecord(companyId, ctx, build(ctx), at);
      const extra = typeof extraItems === 'function' ? extraItems(record) : extraItems;
      return {
        items: [...recordWriteItems(deps.table, { record, at: at.toISOString(), ...opts }), ...extra],
        recordAt: 0,
        result: record,
      };
    },
  });
}
