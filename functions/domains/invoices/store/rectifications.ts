/**
 * The rectified invoices' side of a rectificativa's confirmation, as items of the SAME transaction
 * that confirms it (extra items of `confirmInvoiceWrite`, always last): `rectifiedBy` is appended
 * to each rectified invoice, conditioned on it still being CONFIRMED and not substituted (so a
 * cancellation in between cancels both); a substitution also marks it substituted and moves its
 * payments to the substitute (with the running aggregates of the payments of both); a credit note
 * applies its credit to it. Those two are conditioned on the paid and credited amounts read, so a payment
 * in between makes the whole write fail.
 */

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { cancellationCodes, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import type { CreditReceived, Invoice, InvoicePayment, PaymentAuditEntry } from '@shared/schemas/invoices';
import type { OriginalEffect, RectificationEffects } from '../model/rectification-effects';
import type { InvoicesDeps } from './deps';
import { paymentAggregateItems } from './payment-aggregates';
import { paymentItem, revisionCondition } from './payment-items';

type Deps = Pick<InvoicesDeps, 'table'>;

/** `name = :v` or, for a zero, also an absent attribute (older items have none). */
const seenCondition = (name: string, placeholder: string, seen: number) =>
  seen === 0 ? `(attribute_not_exists(${name}) OR ${name} = ${placeholder})` : `${name} = ${placeholder}`;

function originalUpdate(
  deps: Deps,
  effect: OriginalEffect,
  rect: Invoice,
  at: string,
  by: string | null,
): TransactItem {
  const o = effect.original;
  const set = ['rectifiedBy = list_append(if_not_exists(rectifiedBy, :empty), :ids)'];
  const remove: string[] = [];
  const conditions = ['#status = :confirmed', 'attribute_not_exists(substitutedBy)'];
  const values: Record<string, unknown> = {
    ':empty': [],
    ':ids': [rect.invoiceId],
    ':confirmed': 'CONFIRMED',
  };
  if (effect.substituted || effect.credit) {
    conditions.push(seenCondition('paidCents', ':seenPaid', o.paidCents ?? 0));
    conditions.push(seenCondition('creditedCents', ':seenCredited', o.creditedCents ?? 0));
    values[':seenPaid'] = o.paidCents ?? 0;
    values[':seenCredited'] = o.creditedCents ?? 0;
  }
  if (effect.substituted) {
    set.push('substitutedBy = :sb', 'substitutedByNumber = :sbn', 'substitutedAt = :at');
    set.push('paidCents = :zero', 'cashPaidCents = :zero', 'creditedCents = :zero');
    // A substituted invoice is no longer owed: no payment status, out of the overdue schedule.
    remove.push('paymentStatus', 'gsi2pk', 'gsi2sk');
    Object.assign(values, { ':sb': rect.invoiceId, ':sbn': rect.invoiceNumber, ':at': at, ':zero': 0 });
  }
  if (effect.credit) {
    const received: CreditReceived = {
      creditNoteId: rect.invoiceId,
      creditNoteNumber: rect.invoiceNumber ?? '',
      amountCents: effect.credit.amountCents,
      at,
      by,
    };
    set.push(
      'creditedCents = :credited',
      'paymentStatus = :ps',
      'creditsReceived = list_append(if_not_exists(creditsReceived, :empty), :received)',
    );
    if (effect.credit.paymentStatus === 'PAID') remove.push('gsi2pk', 'gsi2sk');
    Object.assign(values, {
      ':credited': effect.credit.creditedCents,
      ':ps': effect.credit.paymentStatus,
      ':received': [received],
    });
  }
  return {
    Update: {
      TableName: deps.table,
      Key: keys.invoice(o.companyId, o.invoiceId),
      UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

function moveItems(
  deps: Deps,
  move: RectificationEffects['moves'][number],
  rect: Invoice,
  at: string,
  by: string | null,
): TransactItem[] {
  const { from, payment } = move;
  const values = {
    amountCents: payment.amountCents,
    paidAt: payment.paidAt,
    method: payment.method,
    reference: payment.reference,
  };
  const entry: PaymentAuditEntry = {
    action: 'MOVED',
    at,
    by: by ?? payment.createdBy,
    before: values,
    after: values,
    reason: `Sustitución de ${from.invoiceNumber ?? ''} por ${rect.invoiceNumber ?? ''}`,
  };
  const moved: InvoicePayment = { ...movedPayment(move), history: [...(payment.history ?? []), entry] };
  const cond = revisionCondition(payment);
  return [
    {
      Delete: {
        TableName: deps.table,
        Key: keys.invoicePayment(from.companyId, from.invoiceId, payment.createdAt, payment.paymentId),
        ConditionExpression: cond.expression,
        ...(Object.keys(cond.values).length ? { ExpressionAttributeValues: cond.values } : {}),
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: paymentItem(rect.companyId, rect.invoiceId, moved),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A moved payment as the substitute keeps it (what `moveItems` writes). */
const movedPayment = (move: RectificationEffects['moves'][number]): InvoicePayment => ({
  ...move.payment,
  movedFrom: { invoiceId: move.from.invoiceId, invoiceNumber: move.from.invoiceNumber ?? '' },
});

/** The payments a substitution moves, as the substitute keeps them (carried by its INVOICE_CONFIRMED). */
export const movedPayments = (effects: RectificationEffects): InvoicePayment[] =>
  effects.moves.map(movedPayment);

/**
 * The running aggregates of a substitution's payments (shared/fiscal/payment-aggregates.ts), ONE
 * merge for the whole state change (a transaction takes one operation per item; the confirmation
 * leaves a substitute's to this, store/payment-aggregates.ts `confirmationPaymentContributions`):
 * the originals with their payments as read (−1: their active payments are the moved ones) and as
 * substituted (+1: nothing, their VAT is re-stated by the substitute), and the substitute with the
 * moved payments (+1). Under the criterio de caja: the substitute's re-basing of what was collected
 * and its own deadline line, and the originals' deadline lines gone; otherwise only the cash moving
 * to another customer or year.
 */
function substitutionPaymentAggregates(
  deps: Deps,
  effects: RectificationEffects,
  rect: Invoice,
): TransactItem[] {
  const originals = effects.originals.filter((e) => e.substituted).map((e) => e.original);
  if (originals.length === 0) return [];
  const movedFrom = (invoiceId: string) =>
    effects.moves.filter((m) => m.from.invoiceId === invoiceId).map((m) => m.payment);
  return paymentAggregateItems(
    deps.table,
    rect.companyId,
    originals.map((inv) => ({ inv, payments: movedFrom(inv.invoiceId) })),
    [
      { inv: rect, payments: effects.moves.map(movedPayment) },
      ...originals.map((inv) => ({ inv: { ...inv, substitutedBy: rect.invoiceId }, payments: [] })),
    ],
  );
}

/**
 * The extra items of the confirming transaction for the numbered rectificativa `rect`: a
 * substitution's payment aggregates (unconditioned ADDs), the payment moves, then one update per
 * rectified invoice (these are the last items).
 */
export function rectificationItems(
  deps: Deps,
  effects: RectificationEffects,
  rect: Invoice,
  at: string,
  by: string | null,
): TransactItem[] {
  return [
    ...substitutionPaymentAggregates(deps, effects, rect),
    ...effects.moves.flatMap((m) => moveItems(deps, m, rect, at, by)),
    ...effects.originals.map((e) => originalUpdate(deps, e, rect, at, by)),
  ];
}

/** True when the transaction was cancelled by one of the `count` items at its end. */
export function lostRectifiedCondition(e: unknown, count: number): boolean {
  if (!isTransactionCanceled(e) || count === 0) return false;
  return cancellationCodes(e)
    .slice(-count)
    .some((code) => code === 'ConditionalCheckFailed');
}
