/**
 * The contract of the `settle-invoice` (invoices domain) and `settle-received-invoice` (expenses
 * domain) invokables (infra/manifest.ts `invokables`; design issue 19 "Settling documents"): what bank
 * reconciliation asks when a session is approved.
 *
 * - RECORD adds a payment to the document (method TRANSFER or DIRECT_DEBIT, dated the movement's
 *   booking date) through the domain's own payment rules and events, so the document becomes PAID
 *   by itself when fully paid, accounting posts 572/430 (or 400/410/572) and the treasury projection
 *   follows. Idempotent by `idempotencyKey`: the payment's id is derived from it, so a second call
 *   answers the same `paymentId` and records nothing (outcome ALREADY_DONE).
 * - REMOVE deletes a payment (a returned direct debit: "Devolución bancaria"), which the document's
 *   rules turn back into an outstanding amount. Idempotent: a payment already deleted answers
 *   ALREADY_DONE.
 * Refusals (an overpayment, a cancelled invoice, a date before the invoice) come back as the
 * domain's AppError (functions/platform/invoke.ts).
 */

import * as z from 'zod';

const Id = z.string().min(1).max(200);

export const SettleRecordRequest = z.object({
  action: z.literal('RECORD'),
  companyId: Id,
  /** The issued invoice (settle-invoice) or received invoice (settle-received-invoice). */
  documentId: Id,
  amountCents: z.number().int().positive().max(1_000_000_000_000),
  /** The movement's booking date. */
  date: z.iso.date(),
  method: z.enum(['TRANSFER', 'DIRECT_DEBIT']),
  reference: z.string().max(200).nullable(),
  idempotencyKey: z.string().min(1).max(200),
  /** Who approved the reconciliation (the payment's createdBy). */
  userId: Id,
});
export type SettleRecordRequest = z.infer<typeof SettleRecordRequest>;

export const SettleRemoveRequest = z.object({
  action: z.literal('REMOVE'),
  companyId: Id,
  documentId: Id,
  paymentId: Id,
  reason: z.string().min(1).max(300),
  idempotencyKey: z.string().min(1).max(200),
  userId: Id,
});
export type SettleRemoveRequest = z.infer<typeof SettleRemoveRequest>;

export const SettleRequest = z.discriminatedUnion('action', [SettleRecordRequest, SettleRemoveRequest]);
export type SettleRequest = z.infer<typeof SettleRequest>;

export interface SettleResult {
  paymentId: string;
  outcome: 'DONE' | 'ALREADY_DONE';
  /** The document's payment status after it (PAID when fully paid). */
  paymentStatus: string | null;
}

/** A direct invocation that is a settlement (the expenses function also serves other contracts). */
export const isSettleRequest = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  'action' in payload &&
  ((payload as { action: unknown }).action === 'RECORD' ||
    (payload as { action: unknown }).action === 'REMOVE');
