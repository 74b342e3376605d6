/**
 * The payment events of issued invoices (issue 16): for an invoice of a company in the SII under
 * the criterio de caja, every collection recorded or taken back is reported in the SII's RECC book
 * (art. 61 sexies RIVA: the cobros of the régimen especial del criterio de caja, within the SII's
 * four working days, art. 69.Tres RIVA). Each write of a payment carries its `InvoiceEvent` in the
 * SAME transaction, so a payment is never recorded without the SII hearing of it, nor reported
 * without being recorded.
 *
 * Kinds: PAYMENT_RECORDED (a new payment, or the corrected values of one) and PAYMENT_DELETED (a
 * payment taken back, or the old values of a corrected one: a correction is DELETED + RECORDED).
 * The sort key names the kind, the payment and its revision (`PAYMENT_RECORDED#<paymentId>#<revision>`),
 * so each revision of a payment is recorded once and deleted once, whatever the corrections.
 */

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';
import { invoiceEventPayload, paymentEventBody, reportsPayments } from '../model/invoice-events';

export const PAYMENT_EVENT_KINDS = ['PAYMENT_RECORDED', 'PAYMENT_DELETED'] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/** The sort-key kind of one payment event: unique per kind, payment and revision. */
export const paymentEventKey = (kind: PaymentEventKind, payment: InvoicePayment): string =>
  `${kind}#${payment.paymentId}#${payment.revision ?? 0}`;

/**
 * The Put of one payment event: the invoice's event payload (the invoice as read; `paidCents` is
 * the invoice's paid amount after the write) and the payment (for DELETED, the values taken back).
 */
export function paymentEventItem(
  table: string,
  inv: Invoice,
  kind: PaymentEventKind,
  payment: InvoicePayment,
  at: string,
  paidCents: number,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.invoiceEvent(inv.companyId, inv.invoiceId, paymentEventKey(kind, payment)),
        entity: 'InvoiceEvent',
        v: SCHEMA_VERSION,
        kind,
        ...invoiceEventPayload(inv),
        paidCents,
        payment: paymentEventBody(payment),
        at,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A new payment's event, when the invoice reports its payments. */
export const recordedEvents = (
  table: string,
  inv: Invoice,
  payment: InvoicePayment,
  paidCents: number,
): TransactItem[] =>
  reportsPayments(inv)
    ? [paymentEventItem(table, inv, 'PAYMENT_RECORDED', payment, payment.createdAt, paidCents)]
    : [];

/**
 * A correction's events, when the invoice reports its payments: the values read taken back
 * (DELETED, at the revision read) and, unless it is a deletion, the corrected values recorded (at
 * the new revision).
 */
export function correctionEvents(
  table: string,
  inv: Invoice,
  current: InvoicePayment,
  corrected: InvoicePayment,
  at: string,
  paidCents: number,
): TransactItem[] {
  if (!reportsPayments(inv)) return [];
  return [
    paymentEventItem(table, inv, 'PAYMENT_DELETED', current, at, paidCents),
    ...(corrected.status === 'DELETED'
      ? []
      : [paymentEventItem(table, inv, 'PAYMENT_RECORDED', corrected, at, paidCents)]),
  ];
}
