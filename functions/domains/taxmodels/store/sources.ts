/**
 * The documents behind a model's box (the drill-down of issue 14 item 7): the period's issued and
 * received invoices read through their date indexes (gsi1 `keys.invoiceByDatePartition` and
 * `keys.receivedInvoiceByDatePartition`, a key range on the date, as the nightly recompute reads the
 * books), each turned into what it adds to the aggregates by the very pure functions the writes use
 * (shared/fiscal/tax-aggregates.ts, payment-aggregates.ts). Only this drill-down reads invoices; the
 * models themselves read the aggregates.
 *
 * Cash-basis settlements (`CAJA|…`, criterio de caja) and cash collections (`CASH@…`) are dated by the
 * payment, not the invoice: for those the invoices of the year before and this one up to the period's
 * end are read, and the payments of each candidate (regime C, or paid in cash). So are the received
 * settlements (`RECEIVED:CAJA|…`: the deduction the criterio de caja defers, the supplier's or the
 * company's own, until the payment or 31 December of the year after the operation): the received
 * invoices booked from 1 January of the year before to the period's end whose stored
 * `deductionOnPayment` defers some line, with the payments of those that have any
 * (`keys.receivedInvoicePaymentPrefix`, the expenses store's key), through
 * shared/fiscal/received-payment-aggregates.ts.
 */

import { queryAll, queryPrefix } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { type PaymentForAggregates, paymentContributions } from '@shared/fiscal/payment-aggregates';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import {
  hasDeferredDeduction,
  receivedPaymentContributions,
} from '@shared/fiscal/received-payment-aggregates';
import {
  type AggregateContribution,
  type IssuedForAggregates,
  issuedContribution,
  issuedRegime,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

/** One document of the books and what it adds to the aggregates (its contributions). */
export interface BookDocument {
  book: 'ISSUED' | 'RECEIVED';
  id: string;
  number: string;
  date: string;
  counterpartyName: string;
  counterpartyTaxId: string | null;
  contributions: AggregateContribution[];
}

export interface DocumentsWanted {
  issued: boolean;
  received: boolean;
  /** Cash-basis settlements and cash collections of the issued book (payments dated in the period). */
  payments: boolean;
  /** Cash-basis settlements of the received book: deductions the payments (or the deadline) date in the period. */
  receivedPayments: boolean;
}

async function byDate(
  deps: Deps,
  gsi1pk: string,
  from: string,
  to: string,
): Promise<Record<string, unknown>[]> {
  return queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1' satisfies IndexName,
    // gsi1sk is `<date>#<id>`: '$' sorts right after '#', so `<to>$` bounds every key of the day `to`.
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': gsi1pk, ':from': from, ':to': `${to}$` },
  });
}

const taxIdText = (t: unknown): string | null => {
  if (typeof t === 'string') return t || null;
  if (t && typeof t === 'object' && 'value' in t) return String((t as { value: unknown }).value);
  return null;
};

function issuedDocument(inv: InvoiceWithPayments, contributions: AggregateContribution[]): BookDocument {
  return {
    book: 'ISSUED',
    id: inv.invoiceId,
    number: inv.invoiceNumber ?? '',
    date: inv.invoiceDate,
    counterpartyName: inv.customer?.name ?? '',
    counterpartyTaxId: taxIdText(inv.customer?.taxId),
    contributions,
  };
}

function receivedDocument(rec: ReceivedInvoice, contributions: AggregateContribution[]): BookDocument {
  return {
    book: 'RECEIVED',
    id: rec.receivedInvoiceId,
    number: rec.supplierInvoiceNumber,
    date: rec.accountingDate || rec.issueDate,
    counterpartyName: rec.supplier.name,
    counterpartyTaxId: taxIdText(rec.supplier.taxId),
    contributions,
  };
}

const inRange = (c: AggregateContribution, start: string, end: string) => c.date >= start && c.date <= end;

/** The year before the range's start, from its 1 January: the deadline of a cash-basis operation. */
const yearBefore = (start: string): string => `${Number(start.slice(0, 4)) - 1}-01-01`;

const addDaysIso = (iso: string, days: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The confirmed issued invoices, live received ones and (when asked) payments of a date range. */
export async function periodDocuments(
  deps: Deps,
  companyId: string,
  range: { start: string; end: string },
  wanted: DocumentsWanted,
): Promise<BookDocument[]> {
  const out: BookDocument[] = [];
  const issuedPk = keys.invoiceByDatePartition(companyId).gsi1pk;
  if (wanted.issued) {
    // An invoice accrues on its operation date when issued after it (art. 75 LIVA; an E5 delivery
    // at the latest on the 15th of the next month): invoices dated up to 46 days after the period
    // may belong to it, and only the contributions dated in the period count.
    for (const item of await byDate(deps, issuedPk, range.start, addDaysIso(range.end, 46))) {
      if (item.entity !== 'Invoice' || item.status !== 'CONFIRMED') continue;
      const inv = stripKeys(item) as unknown as InvoiceWithPayments;
      const c = issuedContribution(inv as unknown as IssuedForAggregates, 1);
      if (inRange(c, range.start, range.end)) out.push(issuedDocument(inv, [c]));
    }
  }
  if (wanted.payments) {
    // Art. 163 terdecies LIVA: a cash-basis VAT accrues at the collection, at the latest on 31
    // December of the year after the operation; collections of earlier invoices are found here.
    for (const item of await byDate(deps, issuedPk, yearBefore(range.start), range.end)) {
      if (item.entity !== 'Invoice' || item.status !== 'CONFIRMED') continue;
      const inv = stripKeys(item) as unknown as InvoiceWithPayments;
      const forAgg = inv as unknown as IssuedForAggregates;
      if (issuedRegime(forAgg) !== 'C' && !(inv.cashPaidCents && inv.cashPaidCents !== 0)) continue;
      const payments = (await queryPrefix(deps, keys.invoicePaymentPrefix(companyId, inv.invoiceId))).map(
        (p) => stripKeys(p) as unknown as PaymentForAggregates,
      );
      const contributions = paymentContributions(forAgg, payments, 1).filter((c) =>
        inRange(c, range.start, range.end),
      );
      if (contributions.length > 0) out.push(issuedDocument(inv, contributions));
    }
  }
  const receivedPk = keys.receivedInvoiceByDatePartition(companyId).gsi1pk;
  if (wanted.received) {
    for (const item of await byDate(deps, receivedPk, range.start, range.end)) {
      if (item.entity !== 'ReceivedInvoice' || item.status === 'DELETED') continue;
      const rec = stripKeys(item) as unknown as ReceivedInvoice;
      out.push(receivedDocument(rec, [receivedContribution(toReceivedForAggregates(rec), 1)]));
    }
  }
  if (wanted.receivedPayments) {
    out.push(...(await receivedSettlementDocuments(deps, companyId, receivedPk, range)));
  }
  return out;
}

/**
 * Arts. 163 terdecies and quinquiesdecies.Uno LIVA: the deferred deduction of a received invoice
 * arises with each payment, or on 31 December of the year after the operation (settlements are never
 * dated before the invoice's book date): the deferred invoices booked from the year before up to the
 * period's end, with what their payments (or the deadline) settle in the period.
 */
async function receivedSettlementDocuments(
  deps: Deps,
  companyId: string,
  receivedPk: string,
  range: { start: string; end: string },
): Promise<BookDocument[]> {
  const out: BookDocument[] = [];
  for (const item of await byDate(deps, receivedPk, yearBefore(range.start), range.end)) {
    if (item.entity !== 'ReceivedInvoice' || item.status === 'DELETED') continue;
    const rec = stripKeys(item) as unknown as ReceivedInvoice;
    const agg = toReceivedForAggregates(rec);
    if (!hasDeferredDeduction(agg)) continue;
    // Nothing paid: only the deadline's settlement, no payment to read.
    const payments =
      (rec.paidCents ?? 0) === 0
        ? []
        : (await queryPrefix(deps, keys.receivedInvoicePaymentPrefix(companyId, rec.receivedInvoiceId))).map(
            (p) => stripKeys(p) as unknown as PaymentForAggregates,
          );
    const contributions = receivedPaymentContributions(agg, payments, 1).filter((c) =>
      inRange(c, range.start, range.end),
    );
    if (contributions.length > 0) out.push(receivedDocument(rec, contributions));
  }
  return out;
}
