/**
 * `settle-invoice` (infra/manifest.ts `invokables`; design issue 19 "Settling documents"): bank
 * reconciliation records a collection on an issued invoice, or removes one a returned direct debit
 * reverses. Contract: shared/schemas/settlement.ts. The invoices function's handler.ts hands every
 * direct invocation here.
 *
 * The payment goes through the same rules and the same one-transaction write as
 * POST /invoices/{id}/payments (model/payments.ts `checkPayment`, store/payments.ts
 * `addPaymentWrite`): the invoice's paid amount and status (PAID when fully paid: "a reconciled
 * collection marks the invoice paid"), the aggregates and the PAYMENT_RECORDED event that accounting
 * (572/430) and the treasury projection follow. Idempotent by the caller's key: the payment's id is
 * derived from it, and every attempt first looks for that id among the invoice's payments, so a
 * repeated call (or one that lost the race to itself) answers the payment already there.
 */

import { createHash } from 'node:crypto';
import { invocationHandler } from '@functions/platform/invoke';
import { AppError, isAppError } from '@shared/api/errors';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import {
  type SettleRecordRequest,
  type SettleRemoveRequest,
  SettleRequest,
  type SettleResult,
} from '@shared/schemas/settlement';
import { deletePayment } from '../actions/delete-payment';
import { requireInvoice } from '../actions/get-invoice';
import { checkPayment, madridDate, statusAfterPayment } from '../model/payments';
import { type InvoicesDeps, makeDeps } from '../store/deps';
import {
  addPaymentWrite,
  listPayments,
  lostPaymentRace,
  MAX_PAYMENT_ATTEMPTS,
  paymentBackoffMs,
} from '../store/payments';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The payment id a settlement key stands for: the same key, the same payment. */
export const settlementPaymentId = (idempotencyKey: string): string =>
  `rc${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 30)}`;

async function record(deps: InvoicesDeps, req: SettleRecordRequest): Promise<SettleResult> {
  const paymentId = settlementPaymentId(req.idempotencyKey);
  for (let attempt = 0; attempt < MAX_PAYMENT_ATTEMPTS; attempt++) {
    const inv = (await requireInvoice(deps, req.companyId, req.documentId)) as InvoiceWithPayments;
    const payments = await listPayments(deps, req.companyId, req.documentId);
    if (payments.some((p) => p.paymentId === paymentId)) {
      return { paymentId, outcome: 'ALREADY_DONE', paymentStatus: inv.paymentStatus ?? null };
    }
    const at = deps.now();
    const body = { amountCents: req.amountCents, paidAt: req.date, method: req.method } as const;
    const today = madridDate(at);
    checkPayment(inv, body, today);
    const payment: InvoicePayment = {
      paymentId,
      amountCents: req.amountCents,
      paidAt: req.date,
      method: req.method,
      reference: req.reference,
      createdAt: at.toISOString(),
      createdBy: req.userId,
      status: 'ACTIVE',
    };
    const status = statusAfterPayment(inv, (inv.paidCents ?? 0) + req.amountCents, today);
    try {
      await addPaymentWrite(deps, inv, payment, status, payments);
      return { paymentId, outcome: 'DONE', paymentStatus: status };
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

async function remove(deps: InvoicesDeps, req: SettleRemoveRequest): Promise<SettleResult> {
  const deleted = async (): Promise<SettleResult | null> => {
    const payments = await listPayments(deps, req.companyId, req.documentId);
    const p = payments.find((x) => x.paymentId === req.paymentId);
    if (p?.status !== 'DELETED') return null;
    const inv = (await requireInvoice(deps, req.companyId, req.documentId)) as InvoiceWithPayments;
    return { paymentId: req.paymentId, outcome: 'ALREADY_DONE', paymentStatus: inv.paymentStatus ?? null };
  };
  const before = await deleted();
  if (before) return before;
  try {
    await deletePayment(
      {
        scope: { companyId: req.companyId, membership: undefined },
        userId: req.userId,
        invoiceId: req.documentId,
        paymentId: req.paymentId,
        reason: req.reason,
      },
      deps,
    );
  } catch (e) {
    // Deleted meanwhile by the same settlement retried: the same answer as a second call.
    const after = isAppError(e) ? await deleted() : null;
    if (after) return after;
    throw e;
  }
  const inv = (await requireInvoice(deps, req.companyId, req.documentId)) as InvoiceWithPayments;
  return { paymentId: req.paymentId, outcome: 'DONE', paymentStatus: inv.paymentStatus ?? null };
}

export function settleInvoice(deps: InvoicesDeps, req: SettleRequest): Promise<SettleResult> {
  return req.action === 'RECORD' ? record(deps, req) : remove(deps, req);
}

export const settleInvoiceInvocation = invocationHandler(
  (payload) => SettleRequest.parse(payload),
  (req) => settleInvoice(makeDeps(), req),
);
