/**
 * The payment events of issued invoices. Every collection of every company's invoice, recorded or
 * taken back, writes its `InvoiceEvent` in the SAME transaction as the payment (issue 18: the
 * accounting books every cobro, D 572/570 H 4300), so a payment is never recorded without its
 * consumers hearing of it, nor reported without being recorded. `reportsSii` says whether the SII
 * hears of it too (issue 16): an invoice of a company in the SII under the criterio de caja, whose
 * collections go to the RECC book (art. 61 sexies RIVA: the cobros of the régimen especial del
 * criterio de caja, within the SII's four working days, art. 69.Tres RIVA); the publisher
 * (workers/publish-invoice-events.ts) sends the others to the accounting queue only.
 *
 * Kinds: PAYMENT_RECORDED (a new payment, or the corrected values of one) and PAYMENT_DELETED (a
 * payment taken back, or the old values of a corrected one: a correction is DELETED + RECORDED).
 * The sort key names the kind, the payment and its revision (`PAYMENT_RECORDED#<paymentId>#<revision>`),
 * so each revision of a payment is recorded once and deleted once, whatever the corrections.
 */

import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { invoiceEventPayload, paymentEventBody, reportsPayments } from '@shared/schemas/invoice-events';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';

export const PAYMENT_EVENT_KINDS = ['PAYMENT_RECORDED', 'PAYMENT_DELETED'] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/** The sort-key kind of one payment event: unique per kind, payment and revision. */
export const paymentEventKey = (kind: PaymentEventKind, payment: InvoicePayment): string =>
  `${kind}#${payment.paymentId}#${payment.revision ?? 0}`;

/**
 * The Put of one payment event: the invoice's event payload (the invoice as read; `paidCents` is
 * the invoice's paid amount after the write), the payment (for DELETED, the values taken back) and
 * whether the SII hears of it (`reportsSii`).
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
        reportsSii: reportsPayments(inv),
        at,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A new payment's event (one item). */
export const recordedEvents = (
  table: string,
  inv: Invoice,
  payment: InvoicePayment,
  paidCents: number,
): TransactItem[] => [
  paymentEventItem(table, inv, 'PAYMENT_RECORDED', payment, payment.createdAt, paidCents),
];

/**
 * A correction's events: the values read taken back (DELETED, at the revision read) and, unless it
 * is a deletion, the corrected values recorded (at the new revision). One or two items.
 */
export function correctionEvents(
  table: string,
  inv: Invoice,
  current: InvoicePayment,
  corrected: InvoicePayment,
  at: string,
  paidCents: number,
): TransactItem[] {
  return [
    paymentEventItem(table, inv, 'PAYMENT_DELETED', current, at, paidCents),
    ...(corrected.status === 'DELETED'
      ? []
      : [paymentEventItem(table, inv, 'PAYMENT_RECORDED', corrected, at, paidCents)]),
  ];
}
