import { defineCompanyAction } from '@functions/platform/http';
import { AppError, isAppError } from '@shared/api/errors';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  AddReceivedPaymentBody,
  ReceivedInvoicePath,
  type ReceivedInvoicePayment,
} from '@shared/schemas/received-invoices';
import { checkReceivedPayment, invoiceAfterPayment, newReceivedPayment } from '../model/received-payments';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { savePaymentWrite } from '../store/received-payments';
import { requireReceivedInvoice } from './get-received-invoice';

/** Attempts after another payment or change of the invoice won the race (each re-reads and re-checks). */
export const MAX_RECEIVED_PAYMENT_ATTEMPTS = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The refusal of a write that lost the race to another change of the invoice (store/received-invoices.ts). */
export const lostRace = (e: unknown): boolean => isAppError(e) && e.details?.reason === 'CONCURRENT_UPDATE';

export const paymentContention = () =>
  new AppError(
    'CONCURRENT_UPDATE',
    'La factura recibida ha recibido otros cambios a la vez; inténtalo de nuevo.',
    {
      details: { reason: 'PAYMENT_CONTENTION' },
    },
  );

/**
 * POST /received-invoices/{id}/payments: records what was paid of a received invoice, never more
 * than what is still payable, in one transaction with the invoice's paid amount and status and the
 * RECEIVED_PAYMENT_RECORDED event (model/received-events.ts). A lost race reads the invoice again and
 * re-checks everything before trying again (the route is idempotent: a repeated request answers the
 * first payment).
 */
export async function addReceivedPayment(
  input: { companyId: string; userId: string; receivedInvoiceId: string; body: AddReceivedPaymentBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoicePayment> {
  const at = deps.now();
  const payment = newReceivedPayment(input.body, {
    paymentId: deps.newId(),
    userId: input.userId,
    at: at.toISOString(),
  });
  const company = await readCompanySii(deps, input.companyId);
  for (let attempt = 0; attempt < MAX_RECEIVED_PAYMENT_ATTEMPTS; attempt++) {
    const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
    checkReceivedPayment(current, input.body, madridDate(at));
    const next = invoiceAfterPayment(current, payment.amountCents, payment.createdAt);
    const event = receivedEvent({ company, current, next, payment, at: payment.createdAt });
    try {
      await savePaymentWrite(deps, current, next, payment, event);
      return payment;
    } catch (e) {
      if (!lostRace(e)) throw e;
      await sleep(Math.random() * Math.min(400, 20 * 2 ** attempt));
    }
  }
  throw paymentContention();
}

export const addReceivedPaymentRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  body: AddReceivedPaymentBody,
  status: 201,
  run: ({ auth, scope, params, body }, deps: ExpensesDeps) =>
    addReceivedPayment(
      { companyId: scope.companyId, userId: auth.userId, receivedInvoiceId: params.receivedInvoiceId, body },
      deps,
    ),
});
