/**
 * Applying a credit note's credit not yet used to another open invoice of the same customer
 * (issue 10, item 1): how much moves, and both invoices' figures after it. Pure.
 */

import { AppError } from '@shared/api/errors';
import { formatEuros } from '@shared/fiscal/money';
import {
  creditNoteStatus,
  isCreditNote,
  outstandingCents,
  unappliedCreditCents,
} from '@shared/fiscal/receivables';
import type {
  CreditApplication,
  CreditReceived,
  Invoice,
  InvoiceWithPayments,
  PaymentStatus,
} from '@shared/schemas/invoices';
import { checkPayable, statusAfterPayment } from './payments';
import { customerKey } from './rectification';

export interface CreditApplicationPlan {
  amountCents: number;
  creditNote: { appliedCreditCents: number; paymentStatus: PaymentStatus; application: CreditApplication };
  target: { creditedCents: number; paymentStatus: PaymentStatus; received: CreditReceived };
}

export function planCreditApplication(input: {
  creditNote: InvoiceWithPayments;
  target: InvoiceWithPayments;
  amountCents: number | undefined;
  at: string;
  by: string;
  today: string;
}): CreditApplicationPlan {
  const { creditNote, target } = input;
  if (creditNote.status !== 'CONFIRMED' || !isCreditNote(creditNote)) {
    throw new AppError(
      'DOC_047',
      'Solo se aplica el abono de una rectificativa por diferencias confirmada con importe negativo.',
      { details: { reason: 'NOT_CREDIT_NOTE' } },
    );
  }
  const available = unappliedCreditCents(creditNote);
  if (available <= 0) {
    throw new AppError('DOC_047', 'El abono de esta rectificativa ya está aplicado por completo.', {
      details: { reason: 'CREDIT_USED' },
    });
  }
  if (target.invoiceId === creditNote.invoiceId) {
    throw new AppError('CORE_004', 'Elige otra factura a la que aplicar el abono.', {
      field: 'targetInvoiceId',
    });
  }
  checkPayable(target);
  if (customerKey(target as Invoice) !== customerKey(creditNote as Invoice)) {
    throw new AppError('CORE_004', 'El abono solo se aplica a facturas del mismo cliente.', {
      field: 'targetInvoiceId',
      details: { reason: 'DIFFERENT_CUSTOMERS' },
    });
  }
  const owed = outstandingCents(target);
  if (owed <= 0) {
    throw new AppError('DOC_047', 'La factura no tiene importe pendiente.', {
      details: { reason: 'NOTHING_OUTSTANDING' },
    });
  }
  const amountCents = input.amountCents ?? Math.min(available, owed);
  if (amountCents > available) {
    throw new AppError('CORE_004', `El importe supera el abono disponible (${formatEuros(available)}).`, {
      field: 'amountCents',
      details: { reason: 'OVER_CREDIT', availableCents: available },
    });
  }
  if (amountCents > owed) {
    throw new AppError('CORE_004', `El importe supera lo pendiente de la factura (${formatEuros(owed)}).`, {
      field: 'amountCents',
      details: { reason: 'OVERPAYMENT', pendingCents: owed },
    });
  }
  const creditedCents = (target.creditedCents ?? 0) + amountCents;
  const appliedCreditCents = (creditNote.appliedCreditCents ?? 0) + amountCents;
  return {
    amountCents,
    creditNote: {
      appliedCreditCents,
      paymentStatus: creditNoteStatus(available - amountCents),
      application: {
        invoiceId: target.invoiceId,
        invoiceNumber: target.invoiceNumber ?? '',
        amountCents,
        at: input.at,
        by: input.by,
      },
    },
    target: {
      creditedCents,
      paymentStatus: statusAfterPayment({ ...target, creditedCents }, target.paidCents ?? 0, input.today),
      received: {
        creditNoteId: creditNote.invoiceId,
        creditNoteNumber: creditNote.invoiceNumber ?? '',
        amountCents,
        at: input.at,
        by: input.by,
      },
    },
  };
}
