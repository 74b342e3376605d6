/**
 * The open item of one document (design §"Open items"): what the treasury, reconciliation and payment
 * orders read of an issued invoice (RECEIVABLE, kind INV) or a received invoice (PAYABLE, kind REC),
 * rebuilt from the document as stored now, so applying it again (or out of order) changes nothing.
 * Pure: the consumer (workers/project-events.ts) reads the document and its payments.
 *
 * - Amount to collect or pay = the invoice's total, which is already net of the IRPF withheld
 *   (shared/fiscal/invoice-totals.ts: base + VAT + recargo − IRPF; received: base + supplier VAT +
 *   recargo − IRPF): the customer pays, and we pay the supplier, the total less the withholding.
 * - Issued: only invoices in force are owed (shared/fiscal/receivables.ts): a cancelled invoice or one
 *   replaced by a substitution is CANCELLED; a credit note (a rectificativa by differences with a
 *   negative total) owes nothing: it is kept as settled with its (negative) total, so sales net it;
 *   the credit it applies to an invoice settles that invoice like a payment (its `creditsReceived`).
 *   Drafts are not open items.
 * - Received: only invoices in the book (a reading draft out of the book is not one); a rejected
 *   invoice (approval REJECTED) is not to be paid: CANCELLED.
 * - Due dates: the document's `dueDates` (instalments) when they add up to the total, else its
 *   `dueDate`, else its issue date (one instalment of the whole total).
 * - Payments (and credits) settle the instalments oldest due date first (`allocatePayments` of
 *   shared/fiscal/due-dates.ts).
 */

import { allocatePayments } from '@shared/fiscal/due-dates';
import type { OpenItem, OpenItemDueDate, OpenItemPayment } from '../store/items';

/** An instalment as the documents store it (helper C's `dueDates`). */
export interface Instalment {
  dueDate: string;
  amountCents: number;
}

/**
 * Splits what was paid over the instalments, oldest due date first (shared/fiscal/due-dates.ts, the
 * rule the invoices and expenses domains apply too), in due-date order.
 */
export function allocateInstalments(
  instalments: readonly Instalment[],
  paidCents: number,
): OpenItemDueDate[] {
  const sorted = [...instalments].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  // `today` only feeds the overdue flags, which the projection does not store (they change every day).
  return allocatePayments(sorted, paidCents, '0000-01-01').instalments.map((d) => ({
    dueDate: d.dueDate,
    amountCents: d.amountCents,
    paidCents: d.paidCents,
  }));
}

/** The instalments of a document: its `dueDates` if they add up to the total, else one of the total. */
export function instalmentsOf(
  doc: { dueDates?: readonly Instalment[] | null; dueDate?: string | null },
  issueDate: string,
  totalCents: number,
): Instalment[] {
  const listed = doc.dueDates ?? [];
  const sum = listed.reduce((s, d) => s + d.amountCents, 0);
  if (listed.length > 0 && sum === totalCents) {
    return listed.map((d) => ({ dueDate: d.dueDate, amountCents: d.amountCents }));
  }
  return [{ dueDate: doc.dueDate ?? issueDate, amountCents: totalCents }];
}

/** The earliest due date with something unpaid, or null when everything is paid. */
export const nextDueDateOf = (dueDates: readonly OpenItemDueDate[]): string | null =>
  dueDates.find((d) => d.paidCents < d.amountCents)?.dueDate ?? null;

/** The unpaid part of each instalment that is past due on `today` (due date strictly before it). */
export function overdueCentsOf(item: Pick<OpenItem, 'dueDates' | 'status'>, today: string): number {
  if (item.status !== 'OPEN') return 0;
  return item.dueDates
    .filter((d) => d.dueDate < today)
    .reduce((s, d) => s + Math.max(0, d.amountCents - d.paidCents), 0);
}

export interface OpenItemSource {
  kind: 'INV' | 'REC';
  documentId: string;
  companyId: string;
  number: string;
  issueDate: string;
  party: {
    partyId: string | null;
    name: string;
    nif: string | null;
    iban: string | null;
    email: string | null;
  };
  totalCents: number;
  /** What is owed at all: false for a credit note (settled with its total). */
  owed: boolean;
  cancelled: boolean;
  dueDates?: readonly Instalment[] | null;
  dueDate?: string | null;
  /** Active payments and applied credits, any order. */
  payments: OpenItemPayment[];
  paymentMethod: string | null;
  version: number;
}

/** Builds the open item of a document from what it stores now. */
export function buildOpenItem(src: OpenItemSource, now: string): OpenItem {
  const payments = [...src.payments].sort(
    (a, b) => a.date.localeCompare(b.date) || a.paymentId.localeCompare(b.paymentId),
  );
  const paidCents = payments.reduce((s, p) => s + p.amountCents, 0);
  const base = {
    entity: 'OpenItem' as const,
    schemaVersion: 1 as const,
    companyId: src.companyId,
    kind: src.kind,
    direction: src.kind === 'INV' ? ('RECEIVABLE' as const) : ('PAYABLE' as const),
    documentId: src.documentId,
    number: src.number,
    issueDate: src.issueDate,
    partyId: src.party.partyId,
    partyName: src.party.name,
    partyNif: src.party.nif,
    partyIban: src.party.iban,
    partyEmail: src.party.email,
    totalCents: src.totalCents,
    payments,
    paymentMethod: src.paymentMethod,
    version: src.version,
    updatedAt: now,
  };
  if (src.cancelled) {
    return {
      ...base,
      paidCents,
      outstandingCents: 0,
      dueDates: [],
      nextDueDate: null,
      status: 'CANCELLED',
      settledDate: null,
    };
  }
  if (!src.owed || src.totalCents <= 0) {
    return {
      ...base,
      paidCents,
      outstandingCents: 0,
      dueDates: [],
      nextDueDate: null,
      status: 'PAID',
      settledDate: src.issueDate,
    };
  }
  const dueDates = allocateInstalments(instalmentsOf(src, src.issueDate, src.totalCents), paidCents);
  const outstandingCents = Math.max(0, src.totalCents - paidCents);
  const paid = outstandingCents === 0;
  return {
    ...base,
    paidCents,
    outstandingCents,
    dueDates,
    nextDueDate: paid ? null : nextDueDateOf(dueDates),
    status: paid ? 'PAID' : 'OPEN',
    settledDate: paid ? settlementDate(payments, src.totalCents) : null,
  };
}

/** The date of the payment that brought the paid sum up to the total. */
function settlementDate(payments: readonly OpenItemPayment[], totalCents: number): string | null {
  let sum = 0;
  for (const p of payments) {
    sum += p.amountCents;
    if (sum >= totalCents) return p.date;
  }
  return payments.at(-1)?.date ?? null;
}
