import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  AddPaymentBody,
  InvoicePath,
  type InvoicePayment,
  type InvoiceWithPayments,
} from '@shared/schemas/invoices';
import { checkPayment, madridDate, statusAfterPayment } from '../model/payments';
import type { InvoicesDeps } from '../store/deps';
import { addPaymentWrite, lostPaymentRace, MAX_PAYMENT_ATTEMPTS, paymentBackoffMs } from '../store/payments';
import { requireInvoice } from './get-invoice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Registers a payment of a confirmed invoice: one transaction with the payment and the invoice's
 * new paidCents and status, conditioned on the paidCents read. A lost race reads the invoice again
 * and re-checks everything (pending amount, cash limit) before trying again; when the attempts run
 * out, 409 CONCURRENT_UPDATE (nothing written: sending it again is safe).
 */
export async function addPayment(
  input: { scope: CompanyScope; userId: string; invoiceId: string; body: AddPaymentBody },
  deps: InvoicesDeps,
): Promise<InvoicePayment> {
  const at = deps.now();
  const payment: InvoicePayment = {
    paymentId: deps.newId(),
    amountCents: input.body.amountCents,
    paidAt: input.body.paidAt,
    method: input.body.method,
    reference: input.body.reference ?? null,
    createdAt: at.toISOString(),
    createdBy: input.userId,
    status: 'ACTIVE',
  };
  for (let attempt = 0; attempt < MAX_PAYMENT_ATTEMPTS; attempt++) {
    const inv = (await requireInvoice(deps, input.scope.companyId, input.invoiceId)) as InvoiceWithPayments;
    const today = madridDate(at);
    checkPayment(inv, input.body, today);
    const paid = (inv.paidCents ?? 0) + payment.amountCents;
    try {
      await addPaymentWrite(deps, inv, payment, statusAfterPayment(inv, paid, today));
      return payment;
    } catch (e) {
      if (!lostPaymentRace(e)) throw e;
      await sleep(paymentBackoffMs(attempt));
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

export const addPaymentRoute = defineCompanyAction({
  params: InvoicePath,
  body: AddPaymentBody,
  status: 201,
  run: ({ auth, scope, params, body }, deps: InvoicesDeps) => {
    return addPayment({ scope, userId: auth.userId, invoiceId: params.invoiceId, body }, deps);
  },
});
