/**
 * DynamoDB access for received invoices: the invoice item (with its gsi1 entry by book date), the
 * supplier-number claim, the per-category counters, the running tax aggregates and the change's
 * event (issues 16 and 18, model/received-events.ts), always written together in ONE transaction so a refusal
 * writes nothing.
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, queryPrefix } from '@functions/lib/directory';
import { aggregateUpdateItems, assertTransactionFits } from '@functions/lib/tax-aggregates';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionConflict } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { PaymentForAggregates } from '@shared/fiscal/payment-aggregates';
import {
  receivedBookDate,
  storedDeductionOnPayment,
  storedWithholding,
  toReceivedForAggregates,
} from '@shared/fiscal/received-invoice-totals';
import { receivedPaymentContributions } from '@shared/fiscal/received-payment-aggregates';
import { type AggregateContribution, receivedContribution } from '@shared/fiscal/tax-aggregates';
import { supplierTaxIdKey, supplierTaxIdText } from '@shared/schemas/expenses';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import type { ReceivedInvoiceEventBody } from '@shared/schemas/received-invoice-events';
import { type ReceivedInvoice, supplierNumberKey } from '@shared/schemas/received-invoices';
import { receivedInstalments } from '../model/received-due-dates';
import { receivedPaymentStatus } from '../model/received-invoices';
import type { ExpensesDeps } from './deps';

type Deps = Pick<ExpensesDeps, 'db' | 'table'>;

/** The date a draft out of the book is listed by: its book date, else (not read) the day it was drafted. */
export const draftListDate = (r: ReceivedInvoice): string => receivedBookDate(r) || r.createdAt.slice(0, 10);

/**
 * The invoice item. A draft out of the book (`isOutOfBook`: every draft made from a document until
 * a person approves it, issue 17 item 3) has no book-date entry: everything that reads the book
 * (lists, totals, the nightly recompute, the tax models, the SII backfill) reads that index, so it
 * does not see it until it is approved. It has the drafts' entry instead (the list's `drafts`).
 */
export const receivedInvoiceItem = (r: ReceivedInvoice) => ({
  ...keys.receivedInvoice(r.companyId, r.receivedInvoiceId),
  ...(isOutOfBook(r)
    ? keys.receivedInvoiceDraftByDate(r.companyId, draftListDate(r), r.receivedInvoiceId)
    : keys.receivedInvoiceByDate(r.companyId, receivedBookDate(r), r.receivedInvoiceId)),
  ...receivedDueEntry(r),
  entity: 'ReceivedInvoice',
  v: SCHEMA_VERSION,
  ...r,
});

/**
 * Issue 19: the sparse gsi2 entry of the overdue schedule: an invoice in the book still PENDING or
 * PARTIAL, at its earliest due date the payments do not cover (none when all are covered).
 */
export function receivedDueEntry(
  r: ReceivedInvoice,
): { gsi2pk: string; gsi2sk: string } | Record<string, never> {
  const owed = r.paymentStatus === 'PENDING' || r.paymentStatus === 'PARTIAL';
  if (!owed || isOutOfBook(r)) return {};
  const next = receivedInstalments(r, r.paidCents ?? 0, '0000-00-00').nextDueDate;
  return next ? keys.receivedInvoiceDue(next, r.companyId, r.receivedInvoiceId) : {};
}

/**
 * The claim that keeps a supplier's number unique per supplier (by tax id) and year of issue; none
 * for a draft whose issuer, number or date was not read (nothing to be unique by yet).
 */
export const numberClaimKey = (r: ReceivedInvoice) =>
  supplierTaxIdText(r.supplier.taxId) && r.supplierInvoiceNumber && r.issueDate
    ? keys.receivedInvoiceNumberClaim(
        r.companyId,
        supplierTaxIdKey(r.supplier.taxId),
        r.issueDate.slice(0, 4),
        supplierNumberKey(r.supplierInvoiceNumber),
      )
    : undefined;

/**
 * A stored item as the current record: invoices registered before rectificativas existed carry no
 * `invoiceType` (an ordinary F1) and no `rectification`; before withholding kinds existed (issue 15)
 * no `withholdingKind`/`withholdingKey` (a professional's when it withholds: `storedWithholding`);
 * before the SII and payments (issue 16) no `siiStatus` (null), `intraEuOperation` (null),
 * `paidCents` (0) nor `paymentStatus`; before the criterio de caja of suppliers (issue 14) no
 * `supplierCashCriterion` (false); before the company's own (issue 14) no `deductionOnPayment`
 * (`storedDeductionOnPayment`: SUPPLIER_RECC for a marked supplier, else null).
 */
export function receivedInvoiceFromItem(item: Record<string, unknown>): ReceivedInvoice {
  const r = stripKeys(item) as unknown as ReceivedInvoice;
  const paidCents = r.paidCents ?? 0;
  return {
    ...r,
    invoiceType: r.invoiceType ?? 'F1',
    rectification: r.rectification ?? null,
    ...storedWithholding(r),
    intraEuOperation: r.intraEuOperation ?? null,
    supplierCashCriterion: r.supplierCashCriterion ?? false,
    deductionOnPayment: storedDeductionOnPayment(r),
    siiStatus: r.siiStatus ?? null,
    paidCents,
    paymentStatus: r.paymentStatus ?? receivedPaymentStatus(r.totals.totalCents, paidCents),
  };
}

export async function getReceivedInvoice(
  deps: Deps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<ReceivedInvoice | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.receivedInvoice(companyId, receivedInvoiceId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? receivedInvoiceFromItem(res.Item) : undefined;
}

/** A company's received invoices whose book date is in [from, to]: one Query on gsi1 (newest first). */
export async function listReceivedInvoices(
  deps: Deps,
  companyId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<ReceivedInvoice[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.receivedInvoiceByDatePartition(companyId).gsi1pk,
      ':from': from ?? '0000-00-00',
      // '~' sorts after every id character, so the whole `to` day is included.
      ':to': `${to ?? '9999-12-31'}#~`,
    },
    ScanIndexForward: false,
  });
  return items.map(receivedInvoiceFromItem);
}

/**
 * A company's drafts out of the book (issue 17 item 3) whose list date (`draftListDate`) is in
 * [from, to]: one Query on the drafts' gsi1 partition (newest first).
 */
export async function listOutOfBookDrafts(
  deps: Deps,
  companyId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<ReceivedInvoice[]> {
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.receivedInvoiceDraftByDatePartition(companyId).gsi1pk,
      ':from': from ?? '0000-00-00',
      ':to': `${to ?? '9999-12-31'}#~`,
    },
    ScanIndexForward: false,
  });
  return items.map(receivedInvoiceFromItem);
}

/** The all-time number of received invoices per category (`null` = uncategorised): one Query. */
export async function listCategoryCounts(
  deps: Deps,
  companyId: string,
): Promise<{ categoryId: string | null; count: number }[]> {
  const k = keys.receivedInvoiceCategoryCountPrefix(companyId);
  const items = await queryPrefix(deps, k, { ConsistentRead: true });
  return items.map((i) => ({
    categoryId: (i.categoryId as string | null | undefined) ?? null,
    count: Number(i.count ?? 0),
  }));
}

const counterDelta = (
  table: string,
  companyId: string,
  categoryId: string | null,
  delta: number,
): TransactItem => ({
  Update: {
    TableName: table,
    Key: keys.receivedInvoiceCategoryCount(companyId, categoryId),
    UpdateExpression: 'ADD #count :d SET entity = :entity, v = :v, categoryId = :cat',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: {
      ':d': delta,
      ':entity': 'ReceivedInvoiceCategoryCount',
      ':v': SCHEMA_VERSION,
      ':cat': categoryId,
    },
  },
});

function invoiceWrite(
  table: string,
  current: ReceivedInvoice | undefined,
  next: ReceivedInvoice | undefined,
) {
  if (!current) {
    return {
      Put: {
        TableName: table,
        Item: receivedInvoiceItem(next!),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    } satisfies TransactItem;
  }
  // Optimistic concurrency: the write only happens on the version that was read, and on the SII
  // state read (the SII workers mirror it on the item: a write must never put back an older one).
  const sii = current.siiStatus ?? null;
  const seen = {
    ConditionExpression:
      sii === null
        ? 'version = :seen AND (attribute_not_exists(siiStatus) OR attribute_type(siiStatus, :nullType))'
        : 'version = :seen AND siiStatus = :seenSii',
    ExpressionAttributeValues:
      sii === null
        ? { ':seen': current.version, ':nullType': 'NULL' }
        : { ':seen': current.version, ':seenSii': sii },
  };
  if (!next) {
    return {
      Delete: {
        TableName: table,
        Key: keys.receivedInvoice(current.companyId, current.receivedInvoiceId),
        ...seen,
      },
    } satisfies TransactItem;
  }
  return { Put: { TableName: table, Item: receivedInvoiceItem(next), ...seen } } satisfies TransactItem;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The Put of a received invoice's event (model/received-events.ts), unique per invoice, kind and version. */
export function receivedEventItem(table: string, event: ReceivedInvoiceEventBody): TransactItem {
  const { receivedInvoice } = event;
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.receivedInvoiceEvent(
          event.companyId,
          event.receivedInvoiceId,
          event.kind,
          receivedInvoice.version,
        ),
        entity: 'ReceivedInvoiceEvent',
        v: SCHEMA_VERSION,
        ...event,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export interface SaveOptions {
  /** The event of the change (model/received-events.ts `receivedEvent`); null: out of the book. */
  event?: ReceivedInvoiceEventBody | null;
  /** Items that stand or fall with the change (a payment), right after the invoice's own write. */
  extraItems?: TransactItem[];
  /**
   * The invoice's payments before and after the change (read in the same attempt as the invoice):
   * under the criterio de caja (its supplier's or the company's own) they date its deduction
   * (shared/fiscal/received-payment-aggregates.ts). Absent: none active (a new invoice, one with
   * nothing paid, or one whose deduction does not wait for them).
   */
  payments?: { before: readonly PaymentForAggregates[]; after: readonly PaymentForAggregates[] };
}

/**
 * What a received invoice as it stands with its payments adds to the aggregates (× sign): its own
 * contribution and, under the criterio de caja, its payments' settlements.
 */
function contributionsOf(
  r: ReceivedInvoice | undefined,
  payments: readonly PaymentForAggregates[],
  sign: 1 | -1,
): AggregateContribution[] {
  // An INCOMPLETE draft is not in the book: it counts nowhere until a person completes it.
  if (!r || isOutOfBook(r)) return [];
  const agg = toReceivedForAggregates(r);
  return [receivedContribution(agg, sign), ...receivedPaymentContributions(agg, payments, sign)];
}

/**
 * Registers (`current` undefined), corrects (both) or deletes (`next` undefined) a received invoice in
 * ONE transaction: the invoice item conditioned on the version read, `opts.extraItems`, its
 * supplier-number claim (moved when the supplier, year or number changes), the category counters, a
 * check that a newly assigned category is active, the tax aggregates (old contribution −1 and new +1,
 * with their payments' settlements under the criterio de caja, merged by the store: what did not
 * change writes nothing) and the change's `ReceivedInvoiceEvent`.
 */
export async function saveReceivedInvoice(
  deps: Deps,
  current: ReceivedInvoice | undefined,
  next: ReceivedInvoice | undefined,
  opts: SaveOptions = {},
): Promise<void> {
  const { table } = deps;
  const any = (next ?? current)!;
  const companyId = any.companyId;
  const items: TransactItem[] = [invoiceWrite(table, current, next), ...(opts.extraItems ?? [])];

  let claimAt: number | undefined;
  const oldClaim = current ? numberClaimKey(current) : undefined;
  const newClaim = next ? numberClaimKey(next) : undefined;
  if (!sameJson(oldClaim, newClaim)) {
    if (newClaim) {
      claimAt = items.length;
      items.push({
        Put: {
          TableName: table,
          Item: {
            ...newClaim,
            entity: 'ReceivedInvoiceNumberClaim',
            v: SCHEMA_VERSION,
            receivedInvoiceId: any.receivedInvoiceId,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    if (oldClaim) items.push({ Delete: { TableName: table, Key: oldClaim } });
  }

  let categoryAt: number | undefined;
  const before = current ? current.expenseCategoryId : undefined;
  const after = next ? next.expenseCategoryId : undefined;
  if (before !== after) {
    if (after) {
      categoryAt = items.length;
      items.push({
        ConditionCheck: {
          TableName: table,
          Key: keys.expenseCategory(companyId, after),
          ConditionExpression: 'isActive = :true',
          ExpressionAttributeValues: { ':true': true },
        },
      });
    }
    if (after !== undefined) items.push(counterDelta(table, companyId, after, 1));
    if (before !== undefined) items.push(counterDelta(table, companyId, before, -1));
  }

  items.push(
    ...aggregateUpdateItems(
      table,
      companyId,
      ...contributionsOf(current, opts.payments?.before ?? [], -1),
      ...contributionsOf(next, opts.payments?.after ?? [], 1),
    ),
  );

  // Every change of the book is heard in the change's own transaction: by the accounting (issue 18)
  // and, when `reportsSii`, by the SII (art. 69.Tres RIVA).
  if (opts.event) items.push(receivedEventItem(table, opts.event));

  assertTransactionFits(items);
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      if (current && failedConditionAt(e, 0)) throw concurrentUpdate();
      if (failedConditionAt(e, claimAt)) throw await duplicateNumber(deps, next!);
      if (failedConditionAt(e, categoryAt)) throw unknownCategory();
      // The aggregate items are shared by every invoice of the period: two registrations at the same
      // time collide there. Nothing was written, and the conditions are re-evaluated on each attempt.
      if (attempt < MAX_ATTEMPTS && isTransactionConflict(e)) {
        await sleep(attempt * (10 + Math.floor(Math.random() * 40)));
        continue;
      }
      throw e;
    }
  }
}

const MAX_ATTEMPTS = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const concurrentUpdate = () =>
  new AppError(
    'CORE_004',
    'La factura recibida ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.',
    {
      details: { reason: 'CONCURRENT_UPDATE' },
    },
  );

export const unknownCategory = () =>
  new AppError('CORE_004', 'La categoría de gasto no existe o está eliminada.', {
    field: 'expenseCategoryId',
    details: { reason: 'UNKNOWN_CATEGORY' },
  });

async function duplicateNumber(deps: Deps, r: ReceivedInvoice): Promise<AppError> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: numberClaimKey(r) }));
  const holderId = (res.Item?.receivedInvoiceId as string | undefined) ?? null;
  // The claim may be held by a document's draft still waiting for its review (issue 17 item 3):
  // the number is taken all the same (never booked twice), and the message says where it is.
  const holder = holderId ? await getReceivedInvoice(deps, r.companyId, holderId) : undefined;
  return new AppError(
    'CORE_004',
    holder && isOutOfBook(holder)
      ? holder.approvalStatus === 'REJECTED'
        ? 'Ya hay una factura de este proveedor con el mismo número en ese año, leída de un documento y rechazada: corrígela o elimínala antes de registrarla de nuevo.'
        : 'Ya hay una factura de este proveedor con el mismo número en ese año, leída de un documento y pendiente de revisión: apruébala o recházala en lugar de registrarla de nuevo.'
      : 'Ya está registrada una factura de este proveedor con el mismo número en ese año.',
    {
      field: 'supplierInvoiceNumber',
      details: { reason: 'DUPLICATE_SUPPLIER_NUMBER', receivedInvoiceId: holderId },
    },
  );
}
