/**
 * What a customer owes on issued invoices (pure; the API and the web read the same rules):
 *
 * - an invoice in force is CONFIRMED and not replaced by a rectificativa by substitution;
 * - a credit note is a rectificativa by differences whose total is negative: it is not owed, its
 *   credit (minus its total) is applied to invoices of the same customer (first the ones it
 *   rectifies, at confirmation; then any open invoice, on request);
 * - outstanding = total − payments − credit applied, never below zero (every write checks it);
 * - a customer's balance = Σ outstanding − Σ credit not yet applied
 *                        = invoices in force − credit notes − payments in force.
 */

import type {
  InvoiceDisplayStatus,
  InvoiceWithPayments,
  PaymentStatus,
  RectificationMethod,
} from '../schemas/invoices';

export type ReceivableInvoice = Pick<
  InvoiceWithPayments,
  | 'status'
  | 'invoiceType'
  | 'totals'
  | 'paidCents'
  | 'creditedCents'
  | 'appliedCreditCents'
  | 'substitutedBy'
  | 'dueDate'
> & { rectification?: { method: RectificationMethod } | null | undefined };

/** Confirmed and not replaced by a substitution. */
export const inForce = (inv: ReceivableInvoice): boolean => inv.status === 'CONFIRMED' && !inv.substitutedBy;

/** A rectificativa by differences that lowers what was invoiced (its total is negative). */
export const isCreditNote = (inv: ReceivableInvoice): boolean =>
  inv.invoiceType.startsWith('R') && inv.rectification?.method === 'DIFFERENCES' && inv.totals.totalCents < 0;

/** What the customer still owes on the invoice. */
export function outstandingCents(inv: ReceivableInvoice): number {
  if (!inForce(inv) || isCreditNote(inv)) return 0;
  return inv.totals.totalCents - (inv.paidCents ?? 0) - (inv.creditedCents ?? 0);
}

/** The credit of a credit note not yet applied to any invoice. */
export function unappliedCreditCents(inv: ReceivableInvoice): number {
  if (!inForce(inv) || !isCreditNote(inv)) return 0;
  return -inv.totals.totalCents - (inv.appliedCreditCents ?? 0);
}

export function invoiceDisplayStatus(
  inv: Pick<ReceivableInvoice, 'status' | 'substitutedBy'>,
): InvoiceDisplayStatus {
  if (inv.status === 'CONFIRMED' && inv.substitutedBy) return 'SUBSTITUTED';
  return inv.status === 'DRAFT' ? 'DRAFT' : inv.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED';
}

/**
 * The payment status of an invoice owed `totalCents` of which `settledCents` are paid or
 * credited: PAID when covered; OVERDUE once its due date has passed (the rule of the daily
 * schedule: due date before today); PARTIAL with something settled; otherwise PENDING.
 */
export function paymentStatusFor(input: {
  totalCents: number;
  settledCents: number;
  dueDate: string | null;
  today: string;
}): PaymentStatus {
  if (input.settledCents >= input.totalCents) return 'PAID';
  if (input.dueDate && input.dueDate < input.today) return 'OVERDUE';
  return input.settledCents > 0 ? 'PARTIAL' : 'PENDING';
}

/** A credit note's status: nothing to collect, PAID once all its credit is applied. */
export const creditNoteStatus = (unappliedCents: number): PaymentStatus =>
  unappliedCents > 0 ? 'PENDING' : 'PAID';

/** Splits `creditCents` over the targets in order, each up to what is outstanding on it. */
export function allocateCredit(creditCents: number, outstanding: readonly number[]): number[] {
  let left = Math.max(0, creditCents);
  return outstanding.map((o) => {
    const take = Math.min(left, Math.max(0, o));
    left -= take;
    return take;
  });
}

/** Σ outstanding − Σ credit not applied: what the customer owes (negative: what it is owed). */
export function customerBalanceCents(invoices: readonly ReceivableInvoice[]): number {
  return invoices.reduce((sum, inv) => sum + outstandingCents(inv) - unappliedCreditCents(inv), 0);
}
