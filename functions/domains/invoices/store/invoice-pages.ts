/**
 * Reads for the invoice list that do not pull a year of full invoices to show 20
 * (reference/performance.md P5/P6):
 *  - `datePage`: the default view (date order, no filter) is a Query with a Limit of the rows up
 *    to the page's end (its total comes from the counters of store/invoice-counts.ts);
 *  - `listSummaries` + `getInvoices`: a filtered or re-sorted view reads only the attributes the
 *    filters, search and sort look at, then fetches the page's full invoices with one BatchGet.
 */

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { Invoice } from '@shared/schemas/invoices';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

const BATCH_GET_MAX = 100;

function byDateQuery(deps: Deps, companyId: string, from?: string, to?: string): QueryCommandInput {
  return {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.invoiceByDatePartition(companyId).gsi1pk,
      ':from': from ?? '0000-00-00',
      // '~' sorts after every id character, so the whole `to` day is included.
      ':to': `${to ?? '9999-12-31'}#~`,
    },
  };
}

/** Rows [page × size, (page + 1) × size) of the date order: reads no further than the page's end. */
export async function datePage(
  deps: Deps,
  companyId: string,
  q: { from?: string; to?: string; dir: 'asc' | 'desc'; page: number; size: number },
): Promise<Invoice[]> {
  const end = (q.page + 1) * q.size;
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        ...byDateQuery(deps, companyId, q.from, q.to),
        ScanIndexForward: q.dir === 'asc',
        Limit: end - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < end);
  return items.slice(q.page * q.size, end).map((i) => stripKeys(i) as unknown as Invoice);
}

/**
 * What the list's filters, search and sort read of each invoice (not its lines, breakdown or
 * issuer): enough to choose a page, whose full invoices are then fetched by `getInvoices`.
 */
const SUMMARY_ATTRIBUTES = [
  'invoiceId',
  'invoiceType',
  'invoiceDate',
  'createdAt',
  'status',
  'paymentStatus',
  'siiStatus',
  'series',
  'number',
  'invoiceNumber',
  'notes',
  'origin',
  'totals',
  'customer',
];

export async function listSummaries(
  deps: Deps,
  companyId: string,
  from?: string,
  to?: string,
): Promise<Invoice[]> {
  const names = Object.fromEntries(SUMMARY_ATTRIBUTES.map((a, i) => [`#a${i}`, a]));
  const items = await queryAll(deps, {
    ...byDateQuery(deps, companyId, from, to),
    ScanIndexForward: false,
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
  });
  return items as unknown as Invoice[];
}

/** The full invoices of these ids, in the order given (one BatchGet per 100, unprocessed keys retried). */
export async function getInvoices(deps: Deps, companyId: string, ids: string[]): Promise<Invoice[]> {
  const found = new Map<string, Invoice>();
  for (let i = 0; i < ids.length; i += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] | undefined = ids
      .slice(i, i + BATCH_GET_MAX)
      .map((id) => keys.invoice(companyId, id));
    for (let attempt = 0; pending && pending.length > 0 && attempt < 8; attempt++) {
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const inv = stripKeys(item) as unknown as Invoice;
        found.set(inv.invoiceId, inv);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
      if (pending?.length) await new Promise((r) => setTimeout(r, 10 * 2 ** attempt));
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
