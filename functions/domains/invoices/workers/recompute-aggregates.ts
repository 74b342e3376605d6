/**
 * Schedule `tax-aggregates-recompute` (nightly, 03:00 Madrid): for every company, rebuilds the
 * running tax aggregates from its books with the same pure functions the writes use, compares
 * them with the stored items to the cent, writes one `AggregateCheck` item per company (result
 * and differences) and logs the differences. It does not repair: a difference means a write path
 * forgot its aggregates, which a person must look at.
 *
 * Reads, all Queries (no Scan):
 *  - the companies: gsi2, the company directory (keys.companyDirectory, the ADMIN company list);
 *  - issued invoices: gsi1 `keys.invoiceByDatePartition` (every date); CONFIRMED ones contribute
 *    (whatever their payment state, rectificativas included); drafts and CANCELLED ones do not;
 *  - received invoices: gsi1 `keys.receivedInvoiceByDatePartition`; every `ReceivedInvoice` item
 *    contributes through `toReceivedForAggregates`, except one with `status: 'DELETED'`;
 *  - the stored aggregates: the company's aggregates partition (keys.taxAggregateCheck's pk).
 * Then it sets the invoice list's counters from the stored invoices (`recomputeInvoiceCounts`:
 * the backfill of invoices written before the counters, and the repair of any drift).
 * The books and the aggregates are not read atomically: an invoice confirmed meanwhile shows as
 * a difference, so a company with differences is checked once more before they are reported.
 */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type TableDeps } from '@functions/lib/directory';
import { aggregateDeltas, readAllAggregateItems } from '@functions/lib/tax-aggregates';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import {
  type AggregateContribution,
  type IssuedForAggregates,
  issuedContribution,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { makeDeps } from '../store/deps';
import { recomputeInvoiceCounts } from '../store/invoice-counts';

export interface AggregateDifference {
  /** The aggregate item's sort key: `<M|Q>#<period>#<book>#<K|T|C>#<key>`. */
  sk: string;
  field: string;
  storedCents: number;
  recomputedCents: number;
}

export interface RecomputeResult {
  result: 'OK' | 'DIFFERENCES';
  issuedInvoices: number;
  receivedInvoices: number;
  itemsCompared: number;
  differences: AggregateDifference[];
}

/** How many differences the check item keeps (the count is always exact). */
export const MAX_STORED_DIFFERENCES = 50;

type StoredItem = Record<string, unknown>;

/** The contributions of a company's books: confirmed issued invoices and live received ones. */
export function bookContributions(issued: StoredItem[], received: StoredItem[]) {
  const contributions: AggregateContribution[] = [];
  let issuedCount = 0;
  let receivedCount = 0;
  for (const it of issued) {
    if (it.entity !== 'Invoice' || it.status !== 'CONFIRMED') continue;
    issuedCount += 1;
    contributions.push(issuedContribution(stripKeys(it) as unknown as IssuedForAggregates, 1));
  }
  for (const it of received) {
    if (it.entity !== 'ReceivedInvoice' || it.status === 'DELETED') continue;
    receivedCount += 1;
    contributions.push(
      receivedContribution(toReceivedForAggregates(stripKeys(it) as unknown as ReceivedInvoice), 1),
    );
  }
  return { contributions, issuedCount, receivedCount };
}

/**
 * Pure: the aggregates a company's books give, compared field by field with the stored ones
 * (`sk -> numbers`, all-zero items left out on both sides).
 */
export function recomputeCompany(
  companyId: string,
  books: { issued: StoredItem[]; received: StoredItem[] },
  stored: Map<string, Record<string, number>>,
): RecomputeResult {
  const { contributions, issuedCount, receivedCount } = bookContributions(books.issued, books.received);
  const expected = new Map(aggregateDeltas(companyId, ...contributions).map((d) => [d.key.sk, d.adds]));
  const differences: AggregateDifference[] = [];
  const sks = [...new Set([...expected.keys(), ...stored.keys()])].sort();
  for (const sk of sks) {
    const want = expected.get(sk) ?? {};
    const have = stored.get(sk) ?? {};
    for (const field of [...new Set([...Object.keys(want), ...Object.keys(have)])].sort()) {
      const recomputedCents = want[field] ?? 0;
      const storedCents = have[field] ?? 0;
      if (recomputedCents !== storedCents) differences.push({ sk, field, storedCents, recomputedCents });
    }
  }
  return {
    result: differences.length === 0 ? 'OK' : 'DIFFERENCES',
    issuedInvoices: issuedCount,
    receivedInvoices: receivedCount,
    itemsCompared: sks.length,
    differences,
  };
}

async function readBook(deps: TableDeps, gsi1pk: string): Promise<StoredItem[]> {
  return queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
}

/** Reads a company's books and aggregates and recomputes (the stored side first). */
export async function recomputeCompanyFromTable(
  deps: TableDeps,
  companyId: string,
): Promise<RecomputeResult> {
  const stored = await readAllAggregateItems(deps, companyId);
  const [issued, received] = await Promise.all([
    readBook(deps, keys.invoiceByDatePartition(companyId).gsi1pk),
    readBook(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk),
  ]);
  return recomputeCompany(companyId, { issued, received }, stored);
}

/**
 * Checks one company (twice when the first pass differs, to let in-flight writes settle) and
 * writes its `AggregateCheck` item.
 */
export async function checkCompany(
  deps: TableDeps,
  companyId: string,
  now: Date,
  settleMs = 1_000,
): Promise<RecomputeResult> {
  let r = await recomputeCompanyFromTable(deps, companyId);
  if (r.result !== 'OK') {
    await new Promise((res) => setTimeout(res, settleMs));
    r = await recomputeCompanyFromTable(deps, companyId);
  }
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.taxAggregateCheck(companyId),
        entity: 'AggregateCheck',
        v: SCHEMA_VERSION,
        companyId,
        checkedAt: now.toISOString(),
        result: r.result,
        issuedInvoices: r.issuedInvoices,
        receivedInvoices: r.receivedInvoices,
        itemsCompared: r.itemsCompared,
        differenceCount: r.differences.length,
        differences: r.differences.slice(0, MAX_STORED_DIFFERENCES),
      },
    }),
  );
  return r;
}

/** The ids of every company: one Query on the company directory (gsi2), paged. */
export async function listCompanyIds(deps: TableDeps): Promise<string[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2' satisfies IndexName,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyDirectory().gsi2pk },
    ProjectionExpression: 'companyId',
  });
  return items.map((i) => String(i.companyId));
}

export interface RecomputeRunResult {
  checked: number;
  /** Invoice-list counters set from the stored invoices (store/invoice-counts.ts: backfill, drift). */
  countersCorrected: number;
  withDifferences: number;
  failed: number;
  skipped: number;
}

/** Time kept in hand for one more company and the final log line. */
const SAFETY_MARGIN_MS = 20_000;

export async function recomputeAll(
  deps: TableDeps,
  { log, now, remainingMs }: ScheduledContext,
  settleMs?: number,
): Promise<RecomputeRunResult> {
  const out: RecomputeRunResult = {
    checked: 0,
    countersCorrected: 0,
    withDifferences: 0,
    failed: 0,
    skipped: 0,
  };
  const companies = await listCompanyIds(deps);
  for (const [i, companyId] of companies.entries()) {
    if (remainingMs() < SAFETY_MARGIN_MS) {
      out.skipped = companies.length - i;
      log.warn('Aggregate recompute stopped before the timeout', { ...out });
      break;
    }
    try {
      const r = await checkCompany(deps, companyId, now, settleMs);
      out.checked += 1;
      // The invoice list's counters are set (not only checked): the first run after they were
      // introduced is their backfill; later runs repair any drift.
      const corrected = await recomputeInvoiceCounts(deps, companyId);
      if (corrected.length > 0) {
        out.countersCorrected += corrected.length;
        log.warn('Invoice list counters set from the stored invoices', {
          companyId,
          corrections: corrected.length,
          sample: corrected.slice(0, 10),
        });
      }
      if (r.result !== 'OK') {
        out.withDifferences += 1;
        // Periods, books, sections and fields only: counterparty keys are tax ids (personal data).
        log.warn('Tax aggregates differ from the books', {
          companyId,
          differenceCount: r.differences.length,
          sample: r.differences.slice(0, 10).map((d) => ({
            item: d.sk.split('#').slice(0, 4).join('#'),
            field: d.field,
            storedCents: d.storedCents,
            recomputedCents: d.recomputedCents,
          })),
        });
      }
    } catch (e) {
      out.failed += 1;
      log.error('Company aggregates could not be recomputed', { companyId, ...workerErrorFields(e) });
    }
  }
  log.info('Aggregate recompute finished', { ...out });
  return out;
}

export const handler = scheduledHandler(async (ctx) => {
  const { failed } = await recomputeAll(makeDeps(), ctx);
  if (failed > 0) throw new Error(`${failed} companies could not be recomputed`);
});
