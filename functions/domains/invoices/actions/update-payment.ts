import { defineCompanyAction } from '@functions/platform/http';
import { type InvoicePayment, PaymentPath, UpdatePaymentBody } from '@shared/schemas/invoices';
import type { InvoicesDeps } from '../store/deps';
import { correctPayment } from './correct-payment';

/**
 * PUT /invoices/{invoiceId}/payments/{paymentId}: corrects a recorded payment (amount, date,
 * method, reference) and the invoice's paid amount and status with it, in one transaction, with an
 * audit line (who, when, before/after, the optional reason) on the payment.
 */
export async function updatePayment(
  input: Omit<Parameters<typeof correctPayment>[0], 'next' | 'reason'> & { body: UpdatePaymentBody },
  deps: InvoicesDeps,
): Promise<InvoicePayment> {
  const { reason, ...next } = input.body;
  return correctPayment({ ...input, next, reason: reason ?? null }, deps);
}

export const updatePaymentRoute = defineCompanyAction({
  params: PaymentPath,
  body: UpdatePaymentBody,
  run: ({ auth, scope, params, body }, deps: InvoicesDeps) =>
    updatePayment(
      { scope, userId: auth.userId, invoiceId: params.invoiceId, paymentId: params.paymentId, body },
      deps,
    ),
});
