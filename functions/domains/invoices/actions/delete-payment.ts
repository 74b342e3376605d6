import { defineCompanyAction } from '@functions/platform/http';
import { DeletePaymentQuery, type InvoicePayment, PaymentPath } from '@shared/schemas/invoices';
import type { InvoicesDeps } from '../store/deps';
import { correctPayment } from './correct-payment';

/**
 * DELETE /invoices/{invoiceId}/payments/{paymentId}?reason=: takes a recorded payment out of the
 * invoice's paid amount (its status goes back to PENDING, PARTIAL or OVERDUE) in one transaction.
 * The payment stays in the list as DELETED with its audit line; the answer is the payment so kept.
 */
export async function deletePayment(
  input: Omit<Parameters<typeof correctPayment>[0], 'next'>,
  deps: InvoicesDeps,
): Promise<InvoicePayment> {
  return correctPayment({ ...input, next: null }, deps);
}

export const deletePaymentRoute = defineCompanyAction({
  params: PaymentPath,
  query: DeletePaymentQuery,
  run: ({ auth, scope, params, query }, deps: InvoicesDeps) =>
    deletePayment(
      {
        scope,
        userId: auth.userId,
        invoiceId: params.invoiceId,
        paymentId: params.paymentId,
        reason: query.reason ?? null,
      },
      deps,
    ),
});
