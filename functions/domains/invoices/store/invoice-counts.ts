/**
 * The issued-invoice counters (keys in shared/db/keys/invoice-counts.ts): the invoice list's total
 * without counting invoices. Every write that adds an invoice to the by-date index, removes one or
 * moves it to another date carries `countUpdates` in its own transaction (store/invoices.ts,
 * store/recurring.ts); `countInRange` reads a total in a few small requests whatever the number of
 * invoices; `recomputeInvoiceCounts` (the nightly recompute, and the backfill of existing data)
 * sets them from the stored invoices.
 */

import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed, isTransactionConflict } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

import type { TransactItem } from '@functions/platform/aws/dynamodb';

const counterKeys = (companyId: string, invoiceDate: string) => [
  keys.invoiceCountAll(companyId),
  keys.invoiceCountMonth(companyId, invoiceDate.slice(0, 7)),
  keys.invoiceCountDay(companyId, invoiceDate.slice(0, 10)),
];

/** The three counter ADDs (company, month, day) of one invoice entering (+1) or leaving (-1) a date. */
export function countUpdates(
  table: string,
  companyId: string,
  invoiceDate: string,
  delta: 1 | -1,
): TransactItem[] {
  return counterKeys(companyId, invoiceDate).map((Key) => ({
    Update: {
      TableName: table,
      Key,
      UpdateExpression: 'SET entity = :entity, v = :v ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':entity': 'InvoiceCount', ':v': SCHEMA_VERSION, ':delta': delta },
    },
  }));
}

/**
 * The counter moves of an invoice whose date changes from `before` to `after`: the days, and the
 * months when they differ (the company's total does not move, and a transaction may touch an item
 * only once). None when the date stays.
 */
export function dateMoveUpdates(table: string, companyId: string, before: string, after: string) {
  if (before === after) return [];
  const sameMonth = before.slice(0, 7) === after.slice(0, 7);
  const moved = (date: string, delta: 1 | -1) =>
    countUpdates(table, companyId, date, delta).slice(sameMonth ? 2 : 1);
  return [...moved(before, -1), ...moved(after, 1)];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day (ISO) of the month of an ISO date. */
const monthEnd = (date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return `${date.slice(0, 7)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
};
/** The month (yyyy-mm) after the month of an ISO date or month. */
const nextMonth = (date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 12 ? `${pad4(y + 1)}-01` : `${pad4(y)}-${pad(m + 1)}`;
};
const previousMonth = (date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 1 ? `${pad4(y - 1)}-12` : `${pad4(y)}-${pad(m - 1)}`;
};
const pad4 = (n: number) => String(n).padStart(4, '0');

/** Which counter ranges make up [from, to]: whole months, and the days of partial edge months. */
export function countRanges(
  from: string,
  to: string,
): { months?: [string, string]; days: [string, string][] } {
  if (from > to) return { days: [] };
  if (from.slice(0, 7) === to.slice(0, 7)) {
    if (from.endsWith('-01') && to === monthEnd(to))
      return { months: [from.slice(0, 7), to.slice(0, 7)], days: [] };
    return { days: [[from, to]] };
  }
  const days: [string, string][] = [];
  let firstMonth = from.slice(0, 7);
  let lastMonth = to.slice(0, 7);
  if (!from.endsWith('-01')) {
    days.push([from, monthEnd(from)]);
    firstMonth = nextMonth(from);
  }
  if (to !== monthEnd(to)) {
    days.push([`${to.slice(0, 7)}-01`, to]);
    lastMonth = previousMonth(to);
  }
  return { months: firstMonth <= lastMonth ? [firstMonth, lastMonth] : undefined, days };
}

async function sumRange(deps: Deps, companyId: string, lo: string, hi: string): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':pk': keys.invoiceCountPartition(companyId).pk, ':lo': lo, ':hi': hi },
        ProjectionExpression: '#count',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) total += Number(item.count ?? 0);
    start = res.LastEvaluatedKey;
  } while (start);
  return total;
}

/**
 * How many invoices a company has dated within [from, to] (both optional), from its counters: one
 * GetItem without a range; otherwise at most three Queries (the whole months, the days of each
 * partial edge month), each a few dozen small items.
 */
export async function countInRange(
  deps: Deps,
  companyId: string,
  from?: string,
  to?: string,
): Promise<number> {
  if (!from && !to) {
    const res = await deps.db.send(
      new GetCommand({ TableName: deps.table, Key: keys.invoiceCountAll(companyId), ConsistentRead: true }),
    );
    return Number(res.Item?.count ?? 0);
  }
  const { months, days } = countRanges(from ?? '0000-01-01', to ?? '9999-12-31');
  const sums = await Promise.all([
    months
      ? sumRange(
          deps,
          companyId,
          keys.invoiceCountMonth(companyId, months[0]).sk,
          keys.invoiceCountMonth(companyId, months[1]).sk,
        )
      : 0,
    ...days.map(([lo, hi]) =>
      sumRange(
        deps,
        companyId,
        keys.invoiceCountDay(companyId, lo).sk,
        keys.invoiceCountDay(companyId, hi).sk,
      ),
    ),
  ]);
  return sums.reduce((a, b) => a + b, 0);
}

/** Retries a transaction lost to a concurrent one on a shared counter (8 attempts, jittered backoff). */
export async function withConflictRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (!isTransactionConflict(e) || attempt >= 7) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}

export interface CountDifference {
  sk: string;
  stored: number;
  recomputed: number;
}

async function readCounters(deps: Deps, companyId: string): Promise<Map<string, number>> {
  const counters = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':pk': keys.invoiceCountPartition(companyId).pk },
        ProjectionExpression: 'sk, #count',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) counters.set(String(item.sk), Number(item.count ?? 0));
    start = res.LastEvaluatedKey;
  } while (start);
  return counters;
}

/** Every stored invoice's date, read from the company partition (strongly consistent, dates only). */
async function invoiceDates(deps: Deps, companyId: string): Promise<string[]> {
  const dates: string[] = [];
  const prefix = keys.invoice(companyId, '');
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':prefix': prefix.sk },
        ProjectionExpression: 'invoiceDate',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? [])
      if (typeof item.invoiceDate === 'string') dates.push(item.invoiceDate);
    start = res.LastEvaluatedKey;
  } while (start);
  return dates;
}

/**
 * Sets a company's counters from its stored invoices (the backfill of data written before the
 * counters existed, and the nightly check that they agree). Counters are read before and after the
 * invoices, both strongly consistent; a counter that moved between the two reads belongs to a write
 * in flight and is left alone (the next run sees it settled). Each correction is an ADD of the
 * difference conditioned on the counter still holding the value read, so a concurrent write is
 * never overwritten. Returns the corrections made.
 */
export async function recomputeInvoiceCounts(deps: Deps, companyId: string): Promise<CountDifference[]> {
  const before = await readCounters(deps, companyId);
  const dates = await invoiceDates(deps, companyId);
  const after = await readCounters(deps, companyId);
  const expected = new Map<string, number>();
  for (const date of dates)
    for (const key of counterKeys(companyId, date)) expected.set(key.sk, (expected.get(key.sk) ?? 0) + 1);
  const differences: CountDifference[] = [];
  for (const sk of new Set([...expected.keys(), ...after.keys()])) {
    const stored = after.get(sk) ?? 0;
    const recomputed = expected.get(sk) ?? 0;
    if (stored === recomputed || (before.get(sk) ?? 0) !== stored) continue;
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: { pk: keys.invoiceCountPartition(companyId).pk, sk },
          UpdateExpression: 'SET entity = :entity, v = :v ADD #count :delta',
          ConditionExpression: after.has(sk) ? '#count = :seen' : 'attribute_not_exists(pk)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: {
            ':entity': 'InvoiceCount',
            ':v': SCHEMA_VERSION,
            ':delta': recomputed - stored,
            ...(after.has(sk) ? { ':seen': stored } : {}),
          },
        }),
      );
      differences.push({ sk, stored, recomputed });
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  return differences;
}
