/**
 * Payment status of issued invoices (issue 4, item 3): PENDING after confirmation, PARTIAL and
 * PAID from the payments, OVERDUE once the due date has passed unpaid (the daily schedule), and
 * the cash limit of Ley 7/2012 art. 7 (as amended by Ley 11/2021) across an invoice's cash payments.
 */

import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { formatEuros } from '@shared/fiscal/money';
import { isCreditNote, outstandingCents, paymentStatusFor } from '@shared/fiscal/receivables';
import type { AddPaymentBody, Invoice, InvoiceWithPayments, PaymentStatus } from '@shared/schemas/invoices';
import { checkCash } from './build-invoice';
import { nextUnpaidDueDate, settledCentsOf } from './due-dates';

/** Today's date in Spain (Europe/Madrid), as YYYY-MM-DD. */
export const madridDate = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/**
 * The attributes a freshly confirmed invoice carries besides the invoice itself: PENDING, nothing
 * paid, and (with a due date) the sparse gsi2 entry the overdue schedule queries, at the earliest
 * due date not yet covered (a substitute may take over payments: model/due-dates.ts).
 */
export function confirmationPaymentAttributes(inv: Invoice): Record<string, unknown> {
  if (inv.status !== 'CONFIRMED') return {};
  const withPayments = inv as InvoiceWithPayments;
  const status = withPayments.paymentStatus;
  const owed = status === undefined || status === 'PENDING' || status === 'PARTIAL';
  const next = owed ? nextUnpaidDueDate(inv, settledCentsOf(withPayments)) : null;
  return {
    ...confirmationPaymentStatus(inv),
    ...(next ? keys.invoiceDue(next, inv.companyId, inv.invoiceId) : {}),
  };
}

/** The payment fields of a freshly confirmed invoice, as the confirmation answers them. */
export function confirmationPaymentStatus(inv: Invoice): Partial<InvoiceWithPayments> {
  if (inv.status !== 'CONFIRMED' || 'paymentStatus' in inv) return {};
  return { paymentStatus: 'PENDING', paidCents: 0, cashPaidCents: 0 };
}

export const draftCannotBePaid = () =>
  new AppError('DOC_047', 'Un borrador no admite cobros: confirma antes la factura.');
export const cancelledCannotBePaid = () =>
  new AppError('DOC_047', 'La factura está anulada y no admite cobros.');
/** 'la rectificativa R-2026-0001' (never an id: messages name documents by their number). */
export const substituteName = (inv: Pick<InvoiceWithPayments, 'substitutedByNumber'>): string =>
  inv.substitutedByNumber ? `la rectificativa ${inv.substitutedByNumber}` : 'una rectificativa';

export const substitutedCannotBePaid = (inv: InvoiceWithPayments) =>
  new AppError(
    'DOC_047',
    `La factura está sustituida por ${substituteName(inv)} y no admite cobros: regístralos en la rectificativa.`,
    { details: { reason: 'SUBSTITUTED', substitutedBy: inv.substitutedBy ?? null } },
  );
export const creditNoteCannotBePaid = () =>
  new AppError(
    'DOC_047',
    'Una rectificativa con importe negativo no admite cobros: aplica su abono a una factura del cliente.',
    { details: { reason: 'CREDIT_NOTE' } },
  );

/** The state refusals shared by payments and their corrections: draft, cancelled, substituted, credit note. */
export function checkPayable(inv: InvoiceWithPayments): void {
  if (inv.status === 'DRAFT') throw draftCannotBePaid();
  if (inv.status === 'CANCELLED') throw cancelledCannotBePaid();
  if (inv.substitutedBy) throw substitutedCannotBePaid(inv);
  if (isCreditNote(inv)) throw creditNoteCannotBePaid();
}

/** The refusals of a payment that do not depend on a race: status, dates, amount, cash limit. */
export function checkPayment(inv: InvoiceWithPayments, body: AddPaymentBody, today: string): void {
  checkPayable(inv);
  if (body.paidAt < inv.invoiceDate) {
    throw new AppError('CORE_004', 'La fecha de pago no puede ser anterior a la fecha de la factura.', {
      field: 'paidAt',
    });
  }
  if (body.paidAt > today) {
    throw new AppError('CORE_004', 'La fecha de pago no puede ser futura.', { field: 'paidAt' });
  }
  const pending = outstandingCents(inv);
  if (body.amountCents > pending) {
    throw new AppError(
      'CORE_004',
      `El pago supera el importe pendiente (${formatEuros(Math.max(0, pending))}).`,
      {
        field: 'amountCents',
        details: { reason: 'OVERPAYMENT', pendingCents: Math.max(0, pending) },
      },
    );
  }
  if (body.method === 'CASH') {
    checkCash(
      { paymentMethod: 'CASH' },
      inv.customer,
      (inv.cashPaidCents ?? 0) + body.amountCents,
      'amountCents',
    );
  }
}

/**
 * The status of an invoice with `settledCents` paid or credited (see paymentStatusFor): PAID when
 * covered; OVERDUE while an instalment due before today is not covered (payments settle the due
 * dates oldest first, model/due-dates.ts); otherwise PARTIAL or PENDING.
 */
export function settledStatus(
  inv: Pick<InvoiceWithPayments, 'totals' | 'dueDate' | 'dueDates'>,
  settledCents: number,
  today: string,
): PaymentStatus {
  return paymentStatusFor({
    totalCents: inv.totals.totalCents,
    settledCents,
    dueDate: nextUnpaidDueDate(inv, settledCents),
    today,
  });
}

/**
 * The status once `paidCents` are paid (credit applied counts as settled). An OVERDUE invoice stays
 * OVERDUE until paid, unless it has instalments and the payment covers every one already due
 * (issue 19: it is PARTIAL again, back in the overdue index at its next due date).
 */
export function statusAfterPayment(
  inv: InvoiceWithPayments,
  paidCents: number,
  today: string,
): PaymentStatus {
  const status = settledStatus(inv, paidCents + (inv.creditedCents ?? 0), today);
  const instalments = (inv.dueDates?.length ?? 0) > 1;
  return status !== 'PAID' && inv.paymentStatus === 'OVERDUE' && !instalments ? 'OVERDUE' : status;
}

export const paidCannotBeCancelled = () =>
  new AppError('DOC_047', 'No se puede anular una factura con cobros registrados; emite una rectificativa.');
export const draftCannotBeCancelled = () => new AppError('DOC_047', 'Un borrador no se anula: elimínalo.');
export const alreadyCancelled = () => new AppError('DOC_047', 'La factura ya está anulada.');

export function checkCancel(inv: InvoiceWithPayments): void {
  if (inv.status === 'DRAFT') throw draftCannotBeCancelled();
  if (inv.status === 'CANCELLED') throw alreadyCancelled();
  if (inv.substitutedBy) {
    throw new AppError('DOC_047', 'La factura está sustituida por una rectificativa y no se puede anular.', {
      details: { reason: 'SUBSTITUTED' },
    });
  }
  if ((inv.paidCents ?? 0) > 0) throw paidCannotBeCancelled();
  // The invoices it replaced stay replaced: a wrong substitute is corrected by another rectificativa.
  if (inv.rectification?.method === 'SUBSTITUTION') {
    throw new AppError(
      'DOC_047',
      'Una rectificativa por sustitución no se anula: emite una rectificativa de ella.',
      { details: { reason: 'SUBSTITUTE' } },
    );
  }
  // A credit note applied to invoices, or an invoice that received one, is part of the customer's
  // receivables: annulling it would leave the other side pointing at nothing.
  if ((inv.creditedCents ?? 0) > 0 || (inv.appliedCreditCents ?? 0) > 0) {
    throw new AppError(
      'DOC_047',
      'La factura tiene abonos de rectificativas aplicados y no se puede anular; emite una rectificativa.',
      { details: { reason: 'CREDIT_APPLIED' } },
    );
  }
}
