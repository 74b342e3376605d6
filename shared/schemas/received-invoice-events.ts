/**
 * What the consumers of received invoices hear of them. Every change of a received invoice in the
 * book, of every company (registration, correction, approval, category, deletion, a payment recorded
 * or deleted), writes a `ReceivedInvoiceEvent` in the SAME transaction as the change; the
 * `invoice-events` stream consumer publishes it to the accounting queue (issue 18: the accounting
 * books every received invoice and payment) and, when `reportsSii`, to the SII queue (issue 16;
 * art. 69.Tres RIVA: the libro registro de facturas recibidas within four working days of the
 * accounting registration; art. 61 sexies RIVA: the pagos under the criterio de caja).
 *
 * Pure: which changes are reported and what their event says. The store writes it
 * (store/received-invoices.ts, key `keys.receivedInvoiceEvent`).
 */

import type { SiiStatus } from './invoices';
import { isOutOfBook } from './received-invoice-draft';
import type { ReceivedInvoice, ReceivedInvoicePayment, ReceivedPaymentMethod } from './received-invoices';

export const RECEIVED_EVENT_KINDS = [
  'RECEIVED_REGISTERED',
  'RECEIVED_UPDATED',
  'RECEIVED_DELETED',
  'RECEIVED_PAYMENT_RECORDED',
  'RECEIVED_PAYMENT_DELETED',
] as const;
export type ReceivedEventKind = (typeof RECEIVED_EVENT_KINDS)[number];

/** What the write path reads of the company (one GetItem, store/company-sii.ts). */
export interface CompanySii {
  siiEnabled: boolean;
  /** The company's VAT regime now (CRITERIO_CAJA: its pagos go to the RECC book); null when unknown. */
  vatRegime: string | null;
}

/** The payment of a payment event (`date` is the day it was paid). */
export interface ReceivedEventPayment {
  paymentId: string;
  date: string;
  amountCents: number;
  method: ReceivedPaymentMethod;
  account: string | null;
  reference: string | null;
}

/** The body of a `ReceivedInvoiceEvent` item (and of its queue message, with `eventId`). */
export interface ReceivedInvoiceEventBody {
  kind: ReceivedEventKind;
  companyId: string;
  receivedInvoiceId: string;
  /** The invoice as stored after the change; for RECEIVED_DELETED, as it was last stored. */
  receivedInvoice: ReceivedInvoice;
  /** RECEIVED_PAYMENT_*: the payment recorded, or the one taken back. */
  payment?: ReceivedEventPayment;
  /** The invoice's SII state (null: registered outside the SII). */
  siiStatus: SiiStatus | null;
  /**
   * Whether the SII hears of the change (`reportsSii` below): only then is it published to the SII
   * queue; the accounting queue takes every event.
   */
  reportsSii: boolean;
  vatRegime: string | null;
  at: string;
}

/**
 * Whether the event of a change reaches the SII: the invoice it carries has an SII state. That state
 * is set when the invoice enters the book of a company in the SII and kept when the company leaves
 * it (a correction or deletion of what the AEAT holds must still reach it). An invoice booked before
 * its company joined the SII has none, and its later changes are not sent to the SII (as before
 * every company had events: the publisher sent only the events with an SII state).
 */
export const reportsSii = (invoice: ReceivedInvoice): boolean =>
  invoice.siiStatus !== null && invoice.siiStatus !== undefined;

export const receivedEventPayment = (p: ReceivedInvoicePayment): ReceivedEventPayment => ({
  paymentId: p.paymentId,
  date: p.paidAt,
  amountCents: p.amountCents,
  method: p.method,
  account: p.account ?? null,
  reference: p.reference ?? null,
});

/**
 * The event of a change from `current` (undefined: a registration) to `next` (undefined: a
 * deletion), or null when the change touches nothing in the book (a draft out of it). `payment`
 * makes it a payment event: RECORDED when the payment is active, DELETED when it was taken back.
 */
export function receivedEvent(input: {
  company: CompanySii;
  current: ReceivedInvoice | undefined;
  next: ReceivedInvoice | undefined;
  payment?: ReceivedInvoicePayment;
  at: string;
}): ReceivedInvoiceEventBody | null {
  const { company, payment } = input;
  // An INCOMPLETE draft is out of the book (shared/schemas/received-invoice-draft.ts): its consumers
  // hear of it when a person completes it (its registration), never before.
  const current = isOutOfBook(input.current) ? undefined : input.current;
  const next = isOutOfBook(input.next) ? undefined : input.next;
  if (!current && !next) return null;
  const invoice = (next ?? current)!;
  const kind: ReceivedEventKind = payment
    ? payment.status === 'DELETED'
      ? 'RECEIVED_PAYMENT_DELETED'
      : 'RECEIVED_PAYMENT_RECORDED'
    : !current
      ? 'RECEIVED_REGISTERED'
      : !next
        ? 'RECEIVED_DELETED'
        : 'RECEIVED_UPDATED';
  return {
    kind,
    companyId: invoice.companyId,
    receivedInvoiceId: invoice.receivedInvoiceId,
    receivedInvoice: invoice,
    ...(payment ? { payment: receivedEventPayment(payment) } : {}),
    siiStatus: invoice.siiStatus ?? null,
    reportsSii: reportsSii(invoice),
    vatRegime: company.vatRegime,
    at: input.at,
  };
}
