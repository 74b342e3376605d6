/**
 * Shared by PUT and DELETE of a payment: read the invoice and the payment, plan the correction
 * (model/payment-corrections.ts), write it in one transaction; a lost race (another payment or
 * correction in between) reads both again and re-checks everything before trying again.
 */

import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';
import type { AddPaymentBody, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import { paymentNotFound, planPaymentCorrection } from '../model/payment-corrections';
import { madridDate } from '../model/payments';
import type { InvoicesDeps } from '../store/deps';
import { correctPaymentWrite, lostCorrectionRace } from '../store/payment-corrections';
import { listPayments, MAX_PAYMENT_ATTEMPTS } from '../store/payments';
import { requireInvoice } from './get-invoice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CorrectPaymentInput {
  scope: CompanyScope;
  userId: string;
  invoiceId: string;
  paymentId: string;
  /** The corrected payment; null deletes it. */
  next: AddPaymentBody | null;
  reason: string | null;
}

export async function correctPayment(
  input: CorrectPaymentInput,
  deps: InvoicesDeps,
): Promise<InvoicePayment> {
  const { companyId } = input.scope;
  for (let attempt = 0; attempt < MAX_PAYMENT_ATTEMPTS; attempt++) {
    const inv = (await requireInvoice(deps, companyId, input.invoiceId)) as InvoiceWithPayments;
    const payments = await listPayments(deps, companyId, input.invoiceId);
    const current = payments.find((p) => p.paymentId === input.paymentId);
    if (!current) throw paymentNotFound();
    const at = deps.now();
    const correction = planPaymentCorrection({
      inv,
      current,
      next: input.next,
      reason: input.reason,
      by: input.userId,
      at: at.toISOString(),
      today: madridDate(at),
    });
    try {
      await correctPaymentWrite(deps, inv, current, correction, payments);
      return correction.payment;
    } catch (e) {
      if (!lostCorrectionRace(e)) throw e;
      await sleep(Math.random() * Math.min(500, 20 * 2 ** attempt));
    }
  }
  throw new AppError(
    'CONCURRENT_UPDATE',
    'La factura ha recibido otros cobros a la vez; inténtalo de nuevo.',
    {
      details: { reason: 'PAYMENT_CONTENTION' },
    },
  );
}
