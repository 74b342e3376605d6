/**
 * Payments of received invoices (issue 16: what was paid, when and how; the SII's RECC pagos under
 * the criterio de caja, art. 61 sexies RIVA). Pure: the refusals, the payment as stored, the invoice
 * after it. The paid amount never exceeds the total payable to the supplier (base + supplier VAT +
 * recargo − IRPF); a deleted payment stays listed as DELETED with who, when and why.
 */

import { AppError } from '@shared/api/errors';
import { formatEuros } from '@shared/fiscal/money';
import type {
  AddReceivedPaymentBody,
  ReceivedInvoice,
  ReceivedInvoicePayment,
} from '@shared/schemas/received-invoices';
import { madridDay, receivedStatusAt } from './received-due-dates';

export const receivedPaymentNotFound = () => new AppError('CORE_006', 'El pago no existe.');

export const receivedPaymentDeleted = () =>
  new AppError('DOC_047', 'El pago ya está eliminado.', { details: { reason: 'PAYMENT_DELETED' } });

const paidOf = (inv: ReceivedInvoice): number => inv.paidCents ?? 0;

/** The refusals of a new payment: nothing payable, a rejected invoice, a future date, more than owed. */
export function checkReceivedPayment(
  inv: ReceivedInvoice,
  body: AddReceivedPaymentBody,
  today: string,
): void {
  if (inv.totals.totalCents <= 0) {
    throw new AppError(
      'DOC_047',
      'La factura recibida no tiene importe a pagar al proveedor y no admite pagos.',
      { details: { reason: 'NOTHING_PAYABLE' } },
    );
  }
  if (inv.approvalStatus === 'REJECTED') {
    throw new AppError('DOC_047', 'La factura recibida está rechazada y no admite pagos.', {
      details: { reason: 'REJECTED' },
    });
  }
  if (body.paidAt > today) {
    throw new AppError('CORE_004', 'La fecha de pago no puede ser futura.', { field: 'paidAt' });
  }
  const pending = inv.totals.totalCents - paidOf(inv);
  if (body.amountCents > pending) {
    throw new AppError(
      'CORE_004',
      pending === 0
        ? 'La factura recibida ya está pagada por completo.'
        : `El pago supera el importe pendiente (${formatEuros(pending)}).`,
      { field: 'amountCents', details: { reason: 'OVERPAYMENT', pendingCents: pending } },
    );
  }
}

/** A correction may not lower the total payable below what was already paid. */
export function checkTotalCoversPayments(next: ReceivedInvoice): void {
  const paid = paidOf(next);
  if (paid > 0 && next.totals.totalCents < paid) {
    throw new AppError(
      'CORE_004',
      `El total a pagar no puede ser inferior a lo ya pagado (${formatEuros(paid)}): elimina antes los pagos que sobren.`,
      { field: 'lines', details: { reason: 'BELOW_PAID', paidCents: paid } },
    );
  }
}

/** An invoice with payments is not deleted: its payments are deleted first, each with its audit line. */
export function checkNoPayments(inv: ReceivedInvoice): void {
  if (paidOf(inv) > 0) {
    throw new AppError(
      'DOC_047',
      'La factura recibida tiene pagos registrados: elimínalos antes de eliminar la factura.',
      { details: { reason: 'HAS_PAYMENTS', paidCents: paidOf(inv) } },
    );
  }
}

/** The new payment as stored. */
export const newReceivedPayment = (
  body: AddReceivedPaymentBody,
  by: { paymentId: string; userId: string; at: string },
): ReceivedInvoicePayment => ({
  paymentId: by.paymentId,
  amountCents: body.amountCents,
  paidAt: body.paidAt,
  method: body.method,
  account: body.account ?? null,
  reference: body.reference ?? null,
  status: 'ACTIVE',
  createdAt: by.at,
  createdBy: by.userId,
});

/** The payment as kept after its deletion (its audit line). */
export function deletedReceivedPayment(
  p: ReceivedInvoicePayment,
  by: { userId: string; at: string; reason: string | null },
): ReceivedInvoicePayment {
  if (p.status === 'DELETED') throw receivedPaymentDeleted();
  return { ...p, status: 'DELETED', deletedAt: by.at, deletedBy: by.userId, deleteReason: by.reason };
}

/** The invoice after a payment of `deltaCents` (negative: taken back): paid amount, status, version. */
export function invoiceAfterPayment(inv: ReceivedInvoice, deltaCents: number, at: string): ReceivedInvoice {
  const paidCents = paidOf(inv) + deltaCents;
  return {
    ...inv,
    paidCents,
    // Issue 19: the due dates settle oldest first; OVERDUE while one before today is not covered.
    paymentStatus: receivedStatusAt(inv, paidCents, madridDay(at)),
    version: inv.version + 1,
    updatedAt: at,
  };
}
