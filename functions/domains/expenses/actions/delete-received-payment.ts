import { defineCompanyAction } from '@functions/platform/http';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  DeleteReceivedPaymentQuery,
  type ReceivedInvoicePayment,
  ReceivedPaymentPath,
} from '@shared/schemas/received-invoices';
import {
  deletedReceivedPayment,
  invoiceAfterPayment,
  receivedPaymentNotFound,
} from '../model/received-payments';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { listReceivedPayments, savePaymentWrite } from '../store/received-payments';
import { lostRace, MAX_RECEIVED_PAYMENT_ATTEMPTS, paymentContention } from './add-received-payment';
import { requireReceivedInvoice } from './get-received-invoice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * DELETE /received-invoices/{id}/payments/{paymentId}?reason=: takes a payment out of the invoice's
 * paid amount in one transaction with the RECEIVED_PAYMENT_DELETED event (model/received-events.ts).
 * The payment stays listed as DELETED with who, when and why; the answer is the payment so kept.
 */
export async function deleteReceivedPayment(
  input: {
    companyId: string;
    userId: string;
    receivedInvoiceId: string;
    paymentId: string;
    reason: string | null;
  },
  deps: ExpensesDeps,
): Promise<ReceivedInvoicePayment> {
  const company = await readCompanySii(deps, input.companyId);
  for (let attempt = 0; attempt < MAX_RECEIVED_PAYMENT_ATTEMPTS; attempt++) {
    const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
    const payments = await listReceivedPayments(deps, input.companyId, input.receivedInvoiceId);
    const stored = payments.find((p) => p.paymentId === input.paymentId);
    if (!stored) throw receivedPaymentNotFound();
    const at = deps.now().toISOString();
    const payment = deletedReceivedPayment(stored, { userId: input.userId, at, reason: input.reason });
    const next = invoiceAfterPayment(current, -stored.amountCents, at);
    const event = receivedEvent({ company, current, next, payment, at });
    try {
      await savePaymentWrite(deps, current, next, payment, event, payments);
      return payment;
    } catch (e) {
      if (!lostRace(e)) throw e;
      await sleep(Math.random() * Math.min(400, 20 * 2 ** attempt));
    }
  }
  throw paymentContention();
}

export const deleteReceivedPaymentRoute = defineCompanyAction({
  params: ReceivedPaymentPath,
  query: DeleteReceivedPaymentQuery,
  run: ({ auth, scope, params, query }, deps: ExpensesDeps) =>
    deleteReceivedPayment(
      {
        companyId: scope.companyId,
        userId: auth.userId,
        receivedInvoiceId: params.receivedInvoiceId,
        paymentId: params.paymentId,
        reason: query.reason ?? null,
      },
      deps,
    ),
});
