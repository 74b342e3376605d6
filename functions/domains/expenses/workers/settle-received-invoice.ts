/**
 * `settle-received-invoice` (infra/manifest.ts `invokables`; design issue 19 "Settling documents"):
 * bank reconciliation records a payment of a received invoice, or removes one the bank returned.
 * Contract: shared/schemas/settlement.ts. The expenses function's handler.ts hands direct
 * invocations carrying an `action` here (the others are `received-invoice-draft`'s).
 *
 * The payment goes through the same rules and the same one-transaction write as
 * POST /received-invoices/{id}/payments (model/received-payments.ts `checkReceivedPayment`,
 * store/received-payments.ts `savePaymentWrite` with the RECEIVED_PAYMENT_RECORDED event): the
 * invoice's paid amount and status (PAID when fully paid), the event accounting (400/410/572) and the
 * treasury projection follow. Idempotent by the caller's key: the payment's id is derived from it and
 * every attempt first looks for it among the invoice's payments.
 */

import { createHash } from 'node:crypto';
import { invocationHandler } from '@functions/platform/invoke';
import { isAppError } from '@shared/api/errors';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  type SettleRecordRequest,
  type SettleRemoveRequest,
  SettleRequest,
  type SettleResult,
} from '@shared/schemas/settlement';
import { lostRace, MAX_RECEIVED_PAYMENT_ATTEMPTS, paymentContention } from '../actions/add-received-payment';
import { deleteReceivedPayment } from '../actions/delete-received-payment';
import { requireReceivedInvoice } from '../actions/get-received-invoice';
import { checkReceivedPayment, invoiceAfterPayment, newReceivedPayment } from '../model/received-payments';
import { readCompanySii } from '../store/company-sii';
import { type ExpensesDeps, makeDeps } from '../store/deps';
import { listReceivedPayments, savePaymentWrite } from '../store/received-payments';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The payment id a settlement key stands for: the same key, the same payment. */
export const settlementPaymentId = (idempotencyKey: string): string =>
  `rc${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 30)}`;

async function record(deps: ExpensesDeps, req: SettleRecordRequest): Promise<SettleResult> {
  const paymentId = settlementPaymentId(req.idempotencyKey);
  const company = await readCompanySii(deps, req.companyId);
  for (let attempt = 0; attempt < MAX_RECEIVED_PAYMENT_ATTEMPTS; attempt++) {
    const current = await requireReceivedInvoice(deps, req.companyId, req.documentId);
    const payments = await listReceivedPayments(deps, req.companyId, req.documentId);
    if (payments.some((p) => p.paymentId === paymentId)) {
      return { paymentId, outcome: 'ALREADY_DONE', paymentStatus: current.paymentStatus ?? null };
    }
    const at = deps.now();
    const body = {
      amountCents: req.amountCents,
      paidAt: req.date,
      method: req.method,
      ...(req.reference ? { reference: req.reference.slice(0, 200) } : {}),
    };
    checkReceivedPayment(current, body, madridDate(at));
    const payment = newReceivedPayment(body, { paymentId, userId: req.userId, at: at.toISOString() });
    const next = invoiceAfterPayment(current, payment.amountCents, payment.createdAt);
    const event = receivedEvent({ company, current, next, payment, at: payment.createdAt });
    try {
      await savePaymentWrite(deps, current, next, payment, event, payments);
      return { paymentId, outcome: 'DONE', paymentStatus: next.paymentStatus ?? null };
    } catch (e) {
      if (!lostRace(e)) throw e;
      await sleep(Math.random() * Math.min(400, 20 * 2 ** attempt));
    }
  }
  throw paymentContention();
}

async function remove(deps: ExpensesDeps, req: SettleRemoveRequest): Promise<SettleResult> {
  const deleted = async (): Promise<SettleResult | null> => {
    const payments = await listReceivedPayments(deps, req.companyId, req.documentId);
    if (payments.find((p) => p.paymentId === req.paymentId)?.status !== 'DELETED') return null;
    const inv = await requireReceivedInvoice(deps, req.companyId, req.documentId);
    return { paymentId: req.paymentId, outcome: 'ALREADY_DONE', paymentStatus: inv.paymentStatus ?? null };
  };
  const before = await deleted();
  if (before) return before;
  try {
    await deleteReceivedPayment(
      {
        companyId: req.companyId,
        userId: req.userId,
        receivedInvoiceId: req.documentId,
        paymentId: req.paymentId,
        reason: req.reason,
      },
      deps,
    );
  } catch (e) {
    const after = isAppError(e) ? await deleted() : null;
    if (after) return after;
    throw e;
  }
  const inv = await requireReceivedInvoice(deps, req.companyId, req.documentId);
  return { paymentId: req.paymentId, outcome: 'DONE', paymentStatus: inv.paymentStatus ?? null };
}

export function settleReceivedInvoice(deps: ExpensesDeps, req: SettleRequest): Promise<SettleResult> {
  return req.action === 'RECORD' ? record(deps, req) : remove(deps, req);
}

export const settleReceivedInvoiceInvocation = invocationHandler(
  (payload) => SettleRequest.parse(payload),
  (req) => settleReceivedInvoice(makeDeps(), req),
);
