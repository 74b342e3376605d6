/**
 * The advisor dashboard's reads, counted: every Query and BatchGetItem it makes goes through
 * one `CountingReader`, which adds the items each response read (a Query's ScannedCount, so filtered
 * and `Select COUNT` reads count what DynamoDB read) to `itemsRead` (the answer's `meta.itemsRead`,
 * what the bench reports). No Scan.
 */

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DashboardDeps } from './deps';

export type Item = Record<string, unknown>;
type TableDeps = Pick<DashboardDeps, 'db' | 'table'>;
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

const BATCH_GET_MAX = 100;
const TRANSACT_MAX = 100;
const MAX_UNPROCESSED_ROUNDS = 8;
/** Batch and transaction requests of one call in flight at once. */
const BATCH_PARALLELISM = 4;
const backoff = (round: number) => new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));

export class CountingReader {
  itemsRead = 0;

  constructor(readonly deps: TableDeps) {}

  /** Adds items read elsewhere (the tax-aggregates library reports its own count). */
  add(n: number): void {
    this.itemsRead += n;
  }

  private async page(input: QueryInput, start?: Record<string, unknown>): Promise<QueryCommandOutput> {
    const res = await this.deps.db.send(
      new QueryCommand({ ...input, TableName: this.deps.table, ExclusiveStartKey: start }),
    );
    this.itemsRead += res.ScannedCount ?? res.Items?.length ?? 0;
    return res;
  }

  /** Every page of a Query. */
  async query(input: QueryInput): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.page(input, start);
      items.push(...(res.Items ?? []));
      start = res.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** One page only (a Query with `Limit`: the newest N). */
  async queryFirst(input: QueryInput & { Limit: number }): Promise<Item[]> {
    return (await this.page(input)).Items ?? [];
  }

  /** `Select COUNT` over every page. */
  async count(input: Omit<QueryInput, 'Select' | 'ProjectionExpression'>): Promise<number> {
    let n = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const res = await this.page({ ...input, Select: 'COUNT' }, start);
      n += res.Count ?? 0;
      start = res.LastEvaluatedKey;
    } while (start);
    return n;
  }

  /** BatchGetItem in chunks of 100 (BATCH_PARALLELISM at a time), retrying the keys DynamoDB leaves unprocessed. */
  async batchGet(keys: { pk: string; sk: string }[]): Promise<Item[]> {
    const chunks = [];
    for (let i = 0; i < keys.length; i += BATCH_GET_MAX) chunks.push(keys.slice(i, i + BATCH_GET_MAX));
    const got = await mapPool(chunks, BATCH_PARALLELISM, async (chunk) => {
      const out: Item[] = [];
      let pending: Record<string, unknown>[] | undefined = chunk;
      for (let round = 0; pending && pending.length > 0; round++) {
        if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchGet kept returning unprocessed keys');
        if (round > 0) await backoff(round);
        const res: BatchGetCommandOutput = await this.deps.db.send(
          new BatchGetCommand({ RequestItems: { [this.deps.table]: { Keys: pending } } }),
        );
        const items = res.Responses?.[this.deps.table] ?? [];
        this.itemsRead += items.length;
        out.push(...items);
        pending = res.UnprocessedKeys?.[this.deps.table]?.Keys;
      }
      return out;
    });
    return got.flat();
  }
}

/**
 * Puts `items` (distinct keys) in TransactWriteItems of up to 100, BATCH_PARALLELISM at a time:
 * DynamoDB Local commits a BatchWriteItem item by item (~7-25 ms each on this machine's disk: a
 * 200-company cache write took 1.4-5 s), a transaction at once. The price on DynamoDB is twice the
 * write units of a plain Put and all-or-nothing per chunk, which suits a cache whose write may fail
 * (the caller serves the answer and the next request computes again).
 */
export async function transactPut(deps: TableDeps, items: Item[]): Promise<void> {
  const chunks = [];
  for (let i = 0; i < items.length; i += TRANSACT_MAX) chunks.push(items.slice(i, i + TRANSACT_MAX));
  await mapPool(chunks, BATCH_PARALLELISM, (chunk) =>
    deps.db.send(
      new TransactWriteCommand({
        TransactItems: chunk.map((Item) => ({ Put: { TableName: deps.table, Item } })),
      }),
    ),
  );
}

/** `fn` over every element, at most `limit` at a time, results in input order. */
export async function mapPool<T, R>(xs: readonly T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(xs.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < xs.length; i = next++) out[i] = await fn(xs[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, xs.length) }, lane));
  return out;
}
