/**
 * Correcting or deleting a recorded payment (issue 10, item 7): the same refusals as a new payment
 * (the invoice in force, dates, never more than what is owed, the cash limit across the invoice's
 * cash payments), judged as if the payment had not been recorded; the invoice's paid amounts and
 * status after it; and the payment as it is kept, with an audit line (who, when, before, after).
 * A deleted payment stays in the list as DELETED, so its audit line stays readable.
 */

import { AppError } from '@shared/api/errors';
import type {
  AddPaymentBody,
  InvoicePayment,
  InvoiceWithPayments,
  PaymentAuditEntry,
  PaymentStatus,
  PaymentValues,
} from '@shared/schemas/invoices';
import { checkPayable, checkPayment, statusAfterPayment } from './payments';

export const paymentNotFound = () => new AppError('CORE_006', 'El cobro no existe.');

export const paymentDeleted = () =>
  new AppError('DOC_047', 'El cobro está eliminado y no se puede modificar.', {
    details: { reason: 'PAYMENT_DELETED' },
  });

export interface PaymentCorrection {
  /** The invoice's money after the correction. */
  invoice: { paidCents: number; cashPaidCents: number; paymentStatus: PaymentStatus };
  /** The payment as it is stored after the correction. */
  payment: InvoicePayment;
}

export const valuesOf = (p: Pick<InvoicePayment, keyof PaymentValues>): PaymentValues => ({
  amountCents: p.amountCents,
  paidAt: p.paidAt,
  method: p.method,
  reference: p.reference,
});

const cashOf = (p: Pick<InvoicePayment, 'method' | 'amountCents'>) =>
  p.method === 'CASH' ? p.amountCents : 0;

/**
 * The correction of `current` into `next` (null: deletion) on `inv`, by `by` at `at`; `today` is
 * the Madrid date. Throws the refusal when the law or the invoice refuse it.
 */
export function planPaymentCorrection(input: {
  inv: InvoiceWithPayments;
  current: InvoicePayment;
  next: AddPaymentBody | null;
  reason: string | null;
  by: string;
  at: string;
  today: string;
}): PaymentCorrection {
  const { inv, current, next } = input;
  if (current.status === 'DELETED') throw paymentDeleted();
  checkPayable(inv);
  // The invoice as if the payment had never been recorded: the new values are checked against it.
  const without: InvoiceWithPayments = {
    ...inv,
    paidCents: (inv.paidCents ?? 0) - current.amountCents,
    cashPaidCents: (inv.cashPaidCents ?? 0) - cashOf(current),
  };
  if (next) checkPayment(without, next, input.today);
  const after: PaymentValues | null = next
    ? {
        amountCents: next.amountCents,
        paidAt: next.paidAt,
        method: next.method,
        reference: next.reference ?? null,
      }
    : null;
  const paidCents = (without.paidCents ?? 0) + (after?.amountCents ?? 0);
  const cashPaidCents = (without.cashPaidCents ?? 0) + (after ? cashOf(after) : 0);
  const entry: PaymentAuditEntry = {
    action: after ? 'UPDATED' : 'DELETED',
    at: input.at,
    by: input.by,
    before: valuesOf(current),
    after,
    reason: input.reason,
  };
  return {
    invoice: { paidCents, cashPaidCents, paymentStatus: statusAfterPayment(inv, paidCents, input.today) },
    payment: {
      ...current,
      ...(after ?? {}),
      status: after ? 'ACTIVE' : 'DELETED',
      revision: (current.revision ?? 0) + 1,
      history: [...(current.history ?? []), entry],
    },
  };
}
