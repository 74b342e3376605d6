/**
 * The reads of one dashboard summary request: every GetItem, BatchGet and Query goes through here,
 * so the items they return are counted (`itemsRead`, what `meta.itemsRead` and the bench report), and
 * a read two sections need (the open items, the open obligations, a month's aggregates) is made
 * once per request (`once`): both sections see the same answer, or the same failure.
 */

import {
  BatchGetCommand,
  GetCommand,
  type NativeAttributeValue,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '@functions/lib/directory';
import type { Key } from '@shared/db/keys';

type Item = Record<string, NativeAttributeValue>;

/** BatchGet takes at most 100 keys; unprocessed keys are retried this many times. */
const BATCH = 100;
const BATCH_RETRIES = 5;

export class SummaryReader {
  itemsRead = 0;
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(readonly deps: TableDeps) {}

  /** The result of `read` under `id`, computed once per request. */
  once<T>(id: string, read: () => Promise<T>): Promise<T> {
    let p = this.memo.get(id) as Promise<T> | undefined;
    if (!p) {
      p = read();
      this.memo.set(id, p);
    }
    return p;
  }

  /** Adds items read by a helper that counts its own (the tax-aggregates library). */
  count(items: number): void {
    this.itemsRead += items;
  }

  async get(key: Key, projection?: readonly string[]): Promise<Item | undefined> {
    const res = await this.deps.db.send(
      new GetCommand({ TableName: this.deps.table, Key: key, ...projectionOf(projection) }),
    );
    if (res.Item) this.itemsRead += 1;
    return res.Item;
  }

  async batchGet(keys: readonly Key[], projection?: readonly string[]): Promise<Item[]> {
    const out: Item[] = [];
    for (let i = 0; i < keys.length; i += BATCH) {
      let pending: Key[] = keys.slice(i, i + BATCH);
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > BATCH_RETRIES) throw new Error('BatchGet left keys unprocessed');
        const res = await this.deps.db.send(
          new BatchGetCommand({
            RequestItems: { [this.deps.table]: { Keys: pending, ...projectionOf(projection) } },
          }),
        );
        const got = res.Responses?.[this.deps.table] ?? [];
        this.itemsRead += got.length;
        out.push(...got);
        pending = (res.UnprocessedKeys?.[this.deps.table]?.Keys as Key[] | undefined) ?? [];
      }
    }
    return out;
  }

  /** Every page of a Query (callers bound it by key condition); with `limit`, only that many items. */
  async query(input: Omit<QueryCommandInput, 'TableName'>, limit?: number): Promise<Item[]> {
    const out: Item[] = [];
    let start: Record<string, NativeAttributeValue> | undefined;
    do {
      const res = await this.deps.db.send(
        new QueryCommand({
          ...input,
          TableName: this.deps.table,
          ...(limit !== undefined ? { Limit: limit - out.length } : {}),
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      const items = res.Items ?? [];
      this.itemsRead += items.length;
      out.push(...items);
      start = res.LastEvaluatedKey;
    } while (start && (limit === undefined || out.length < limit));
    return out;
  }

  /** A `Select COUNT` Query (every page): the items DynamoDB read to count them are counted too. */
  async countQuery(input: Omit<QueryCommandInput, 'TableName' | 'Select'>): Promise<number> {
    let total = 0;
    let start: Record<string, NativeAttributeValue> | undefined;
    do {
      const res = await this.deps.db.send(
        new QueryCommand({
          ...input,
          TableName: this.deps.table,
          Select: 'COUNT',
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      total += res.Count ?? 0;
      this.itemsRead += res.ScannedCount ?? res.Count ?? 0;
      start = res.LastEvaluatedKey;
    } while (start);
    return total;
  }
}

/** `#p0, #p1 …` for top-level attribute names (nested paths `a.b` become `#pa.#pb`). */
export function projectionOf(attributes?: readonly string[]) {
  if (!attributes || attributes.length === 0) return {};
  const names: Record<string, string> = {};
  const parts = attributes.map((path) =>
    path
      .split('.')
      .map((segment) => {
        const alias = `#p${segment.replace(/[^A-Za-z0-9_]/g, '_')}`;
        names[alias] = segment;
        return alias;
      })
      .join('.'),
  );
  return { ProjectionExpression: parts.join(', '), ExpressionAttributeNames: names };
}

/** A Query input with a projection, its attribute names merged with the input's own. */
export function withProjection(
  input: Omit<QueryCommandInput, 'TableName'>,
  attributes: readonly string[],
): Omit<QueryCommandInput, 'TableName'> {
  const p = projectionOf(attributes);
  if (!p.ProjectionExpression) return input;
  return {
    ...input,
    ProjectionExpression: p.ProjectionExpression,
    ExpressionAttributeNames: { ...input.ExpressionAttributeNames, ...p.ExpressionAttributeNames },
  };
}
