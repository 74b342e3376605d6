/**
 * Schedule `tax-aggregates-recompute` (nightly, 03:00 Madrid): for every company, rebuilds the
 * running tax aggregates from its books with the same pure functions the writes use, compares
 * them with the stored items to the cent, writes one `AggregateCheck` item per company (result,
 * differences and the key grammar version of its items) and logs the differences. For a company
 * whose items are already of the current grammar (AGGREGATE_GRAMMAR_VERSION, shared/fiscal/
 * aggregate-keys.ts) it does not repair: a difference means a write path forgot its aggregates,
 * which a person must look at.
 *
 * Backfill (issue 14 item 1): a company whose check item records no grammar version, or an older
 * one, has items written with an older key grammar. It is REPAIRED: `recomputed − stored` per item
 * is computed twice (books and items read again, after a pause); when both passes agree (no write
 * was in flight) the differences are applied as `ADD`s (commutative, so writes landing meanwhile
 * are kept), the items left at zero (the old keys) are deleted when still zero, and the check item
 * records the current version. When the passes disagree, nothing is applied and the next run tries
 * again. `backfillAggregates` / `backfillAllAggregates` run the same once (the local start).
 *
 * Reads, all Queries (no Scan):
 *  - the companies: gsi2, the company directory (keys.companyDirectory, the ADMIN company list);
 *  - issued invoices: gsi1 `keys.invoiceByDatePartition` (every date); CONFIRMED ones contribute
 *    (whatever their payment state, rectificativas included); drafts and CANCELLED ones do not;
 *  - their payments (only when a confirmed invoice has something paid): the company partition,
 *    `keys.taxAggregatePaymentsPrefix`; they add the cash collected and, under the criterio de
 *    caja, the VAT they settle (shared/fiscal/payment-aggregates.ts);
 *  - received invoices: gsi1 `keys.receivedInvoiceByDatePartition`; every `ReceivedInvoice` item
 *    contributes through `toReceivedForAggregates`, except one with `status: 'DELETED'`;
 *  - their payments (only when an invoice whose deduction the criterio de caja defers — its stored
 *    `deductionOnPayment`, the supplier's regime or the company's own — has something paid): the
 *    company partition, `keys.taxAggregateReceivedPaymentsPrefix`; they date its deduction
 *    (shared/fiscal/received-payment-aggregates.ts);
 *  - the stored aggregates and the check item: the company's aggregates partition.
 * Then it sets the invoice list's counters from the stored invoices (`recomputeInvoiceCounts`:
 * the backfill of invoices written before the counters, and the repair of any drift).
 * The books and the aggregates are not read atomically: an invoice confirmed meanwhile shows as
 * a difference, so a company with differences is checked once more before they are reported.
 */

import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type TableDeps } from '@functions/lib/directory';
import {
  type AggregateDelta,
  aggregateDeltas,
  aggregateRepairDeltas,
  deltaUpdateItem,
  readAggregateState,
} from '@functions/lib/tax-aggregates';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { AGGREGATE_GRAMMAR_VERSION } from '@shared/fiscal/aggregate-keys';
import { type PaymentForAggregates, paymentContributions } from '@shared/fiscal/payment-aggregates';
import { storedDeductionOnPayment, toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { receivedPaymentContributions } from '@shared/fiscal/received-payment-aggregates';
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

/** A company's books as the recompute reads them (stored items, keys included). */
export interface Books {
  issued: StoredItem[];
  received: StoredItem[];
  /** The payments of its issued invoices (absent: none read, no invoice has anything paid). */
  payments?: StoredItem[];
  /** The payments of its received invoices (absent: none read, no deferred deduction has a payment). */
  receivedPayments?: StoredItem[];
}

/** Stored payment items of one entity grouped by the invoice they pay (`idField`). */
function paymentsByInvoice(items: StoredItem[], entity: string, idField: string) {
  const out = new Map<string, PaymentForAggregates[]>();
  for (const p of items) {
    if (p.entity !== entity) continue;
    const id = String(p[idField]);
    out.set(id, [...(out.get(id) ?? []), stripKeys(p) as unknown as PaymentForAggregates]);
  }
  return out;
}

/**
 * The contributions of a company's books: confirmed issued invoices with their payments, and live
 * received ones with theirs.
 */
export function bookContributions(
  issued: StoredItem[],
  received: StoredItem[],
  payments: StoredItem[] = [],
  receivedPayments: StoredItem[] = [],
) {
  const contributions: AggregateContribution[] = [];
  const paymentsOf = paymentsByInvoice(payments, 'InvoicePayment', 'invoiceId');
  const receivedPaymentsOf = paymentsByInvoice(
    receivedPayments,
    'ReceivedInvoicePayment',
    'receivedInvoiceId',
  );
  let issuedCount = 0;
  let receivedCount = 0;
  for (const it of issued) {
    if (it.entity !== 'Invoice' || it.status !== 'CONFIRMED') continue;
    issuedCount += 1;
    const inv = stripKeys(it) as unknown as IssuedForAggregates;
    contributions.push(issuedContribution(inv, 1));
    contributions.push(...paymentContributions(inv, paymentsOf.get(String(it.invoiceId)) ?? [], 1));
  }
  for (const it of received) {
    if (it.entity !== 'ReceivedInvoice' || it.status === 'DELETED') continue;
    receivedCount += 1;
    const rec = toReceivedForAggregates(stripKeys(it) as unknown as ReceivedInvoice);
    contributions.push(
      receivedContribution(rec, 1),
      ...receivedPaymentContributions(rec, receivedPaymentsOf.get(String(it.receivedInvoiceId)) ?? [], 1),
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
  books: Books,
  stored: Map<string, Record<string, number>>,
): RecomputeResult {
  const { contributions, issuedCount, receivedCount } = bookContributions(
    books.issued,
    books.received,
    books.payments,
    books.receivedPayments,
  );
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

/** Whether some confirmed invoice has payments (only then are the payments read). */
const anythingPaid = (issued: StoredItem[]) =>
  issued.some((i) => i.status === 'CONFIRMED' && typeof i.paidCents === 'number' && i.paidCents !== 0);

/**
 * Whether some received invoice whose deduction waits for its payments (the criterio de caja of its
 * supplier or of the company, as stored on the invoice: never the profile) has payments.
 */
const deferredPaid = (received: StoredItem[]) =>
  received.some(
    (i) =>
      storedDeductionOnPayment(i as Partial<ReceivedInvoice>) !== null &&
      typeof i.paidCents === 'number' &&
      i.paidCents !== 0,
  );

const readPrefix = (deps: TableDeps, k: { pk: string; skPrefix: string }) =>
  queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });

/** A company's books: issued and received invoices, and the payments when something is paid. */
async function readBooks(deps: TableDeps, companyId: string): Promise<Books> {
  const [issued, received] = await Promise.all([
    readBook(deps, keys.invoiceByDatePartition(companyId).gsi1pk),
    readBook(deps, keys.receivedInvoiceByDatePartition(companyId).gsi1pk),
  ]);
  const [payments, receivedPayments] = await Promise.all([
    anythingPaid(issued) ? readPrefix(deps, keys.taxAggregatePaymentsPrefix(companyId)) : undefined,
    deferredPaid(received) ? readPrefix(deps, keys.taxAggregateReceivedPaymentsPrefix(companyId)) : undefined,
  ]);
  return {
    issued,
    received,
    ...(payments ? { payments } : {}),
    ...(receivedPayments ? { receivedPayments } : {}),
  };
}

/** One consistent-enough view: the stored side first, then the books. */
async function readCompany(deps: TableDeps, companyId: string) {
  const state = await readAggregateState(deps, companyId);
  const books = await readBooks(deps, companyId);
  return { state, books };
}

/** Reads a company's books and aggregates and recomputes (the stored side first). */
export async function recomputeCompanyFromTable(
  deps: TableDeps,
  companyId: string,
): Promise<RecomputeResult> {
  const { state, books } = await readCompany(deps, companyId);
  return recomputeCompany(companyId, books, state.items);
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** The check item, with the grammar its items follow. */
async function putCheck(
  deps: TableDeps,
  companyId: string,
  now: Date,
  r: RecomputeResult,
  grammarVersion: number | undefined,
  repairedItems?: number,
) {
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
        ...(grammarVersion !== undefined ? { grammarVersion } : {}),
        ...(repairedItems !== undefined ? { repairedItems, repairedAt: now.toISOString() } : {}),
      },
    }),
  );
}

/**
 * Checks one company (twice when the first pass differs, to let in-flight writes settle) and
 * writes its `AggregateCheck` item; a company whose items are of an older key grammar is repaired
 * first (`repairCompany`).
 */
export async function checkCompany(
  deps: TableDeps,
  companyId: string,
  now: Date,
  settleMs = 1_000,
): Promise<RecomputeResult & { repairedItems?: number }> {
  const first = await readCompany(deps, companyId);
  if ((first.state.grammarVersion ?? 0) < AGGREGATE_GRAMMAR_VERSION) {
    return repairCompany(deps, companyId, now, settleMs, first);
  }
  let r = recomputeCompany(companyId, first.books, first.state.items);
  if (r.result !== 'OK') {
    await sleep(settleMs);
    r = await recomputeCompanyFromTable(deps, companyId);
  }
  await putCheck(deps, companyId, now, r, first.state.grammarVersion);
  return r;
}

/** The repair of a view: `recomputed − stored` per item (empty when they agree). */
function repairOf(companyId: string, view: Awaited<ReturnType<typeof readCompany>>): AggregateDelta[] {
  const { books, state } = view;
  const { contributions } = bookContributions(
    books.issued,
    books.received,
    books.payments,
    books.receivedPayments,
  );
  return aggregateRepairDeltas(aggregateDeltas(companyId, ...contributions), state.items, companyId);
}

const sameRepair = (a: AggregateDelta[], b: AggregateDelta[]) =>
  JSON.stringify(a.map((d) => [d.key.sk, d.adds])) === JSON.stringify(b.map((d) => [d.key.sk, d.adds]));

/** Passes compared before a repair is given up until the next run. */
const REPAIR_PASSES = 3;

/** Applies a repair: one `ADD` per item, then deletes the items it left at zero (if still zero). */
async function applyRepair(deps: TableDeps, repair: AggregateDelta[]): Promise<void> {
  for (const d of repair) {
    const { Update } = deltaUpdateItem(deps.table, d);
    await deps.db.send(new UpdateCommand(Update as ConstructorParameters<typeof UpdateCommand>[0]));
  }
  for (const d of repair.filter((x) => x.emptied)) {
    const fields = Object.keys(d.adds);
    try {
      await deps.db.send(
        new DeleteCommand({
          TableName: deps.table,
          Key: d.key,
          ConditionExpression: fields
            .map((_, i) => `(attribute_not_exists(#f${i}) OR #f${i} = :zero)`)
            .join(' AND '),
          ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
    } catch (e) {
      // A write reached the item meanwhile: it is not empty any more, so it stays.
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
}

/**
 * Brings a company's stored aggregates to what its books give under the current key grammar (the
 * backfill of items written with an older one): applied only when two consecutive passes give the
 * same repair, then checked again and recorded with the current grammar version. When the passes
 * never agree nothing is applied and the check item keeps the older version (the next run retries).
 */
export async function repairCompany(
  deps: TableDeps,
  companyId: string,
  now: Date,
  settleMs = 1_000,
  firstView?: Awaited<ReturnType<typeof readCompany>>,
): Promise<RecomputeResult & { repairedItems?: number }> {
  const first = firstView ?? (await readCompany(deps, companyId));
  let previous = repairOf(companyId, first);
  for (let pass = 1; pass < REPAIR_PASSES; pass++) {
    await sleep(settleMs);
    const view = await readCompany(deps, companyId);
    const repair = repairOf(companyId, view);
    if (sameRepair(previous, repair)) {
      await applyRepair(deps, repair);
      const r = await recomputeCompanyFromTable(deps, companyId);
      await putCheck(deps, companyId, now, r, AGGREGATE_GRAMMAR_VERSION, repair.length);
      return { ...r, repairedItems: repair.length };
    }
    previous = repair;
  }
  const r = await recomputeCompanyFromTable(deps, companyId);
  await putCheck(deps, companyId, now, r, first.state.grammarVersion);
  return r;
}

/**
 * The backfill of one company (for the local start or an operator): repairs its aggregates when
 * they are of an older key grammar, otherwise only checks them, and records the check item.
 */
export async function backfillAggregates(
  deps: TableDeps,
  companyId: string,
  now: Date = new Date(),
  settleMs = 1_000,
): Promise<RecomputeResult & { repairedItems?: number }> {
  return checkCompany(deps, companyId, now, settleMs);
}

/** `backfillAggregates` for every company of the directory, one after the other. */
export async function backfillAllAggregates(
  deps: TableDeps,
  now: Date = new Date(),
  settleMs = 1_000,
): Promise<{ companyId: string; result: RecomputeResult['result']; repairedItems?: number }[]> {
  const out: { companyId: string; result: RecomputeResult['result']; repairedItems?: number }[] = [];
  for (const companyId of await listCompanyIds(deps)) {
    const r = await backfillAggregates(deps, companyId, now, settleMs);
    out.push({
      companyId,
      result: r.result,
      ...(r.repairedItems !== undefined ? { repairedItems: r.repairedItems } : {}),
    });
  }
  return out;
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
  /** Companies whose aggregates were changed to the current key grammar (backfill). */
  repaired: number;
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
    repaired: 0,
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
      if (r.repairedItems) {
        out.repaired += 1;
        log.info('Tax aggregates brought to the current key grammar', {
          companyId,
          grammarVersion: AGGREGATE_GRAMMAR_VERSION,
          repairedItems: r.repairedItems,
        });
      }
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
