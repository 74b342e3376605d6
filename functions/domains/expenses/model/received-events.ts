/**
 * What the SII hears of received invoices (issue 16; art. 69.Tres RIVA: the libro registro de
 * facturas recibidas within four working days of the accounting registration; art. 61 sexies RIVA:
 * the pagos under the criterio de caja). Every change of a received invoice of a company in the SII
 * (registration, correction, approval, category, deletion, a payment recorded or deleted) writes a
 * `ReceivedInvoiceEvent` in the SAME transaction as the change; the `invoice-events` stream consumer
 * publishes it to the SII queue (when `siiStatus` is non-null) and to the accounting queue.
 *
 * Pure: which changes are reported and what their event says. The store writes it
 * (store/received-invoices.ts, key `keys.receivedInvoiceEvent`).
 */

import type { SiiStatus } from '@shared/schemas/invoices';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import type {
  ReceivedInvoice,
  ReceivedInvoicePayment,
  ReceivedPaymentMethod,
} from '@shared/schemas/received-invoices';

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
  /** The invoice's SII state (null: registered outside the SII; the SII queue skips it). */
  siiStatus: SiiStatus | null;
  vatRegime: string | null;
  at: string;
}

/**
 * Whether a change is reported: the company is in the SII now, or the invoice already has an SII
 * state (the company left the SII since: a correction or deletion of what the AEAT holds must
 * still reach it).
 */
export const reportsReceived = (company: CompanySii, ...invoices: (ReceivedInvoice | undefined)[]): boolean =>
  company.siiEnabled || invoices.some((i) => i?.siiStatus !== null && i?.siiStatus !== undefined);

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
 * deletion), or null when it is not reported. `payment` makes it a payment event: RECORDED when
 * the payment is active, DELETED when it was taken back.
 */
export function receivedEvent(input: {
  company: CompanySii;
  current: ReceivedInvoice | undefined;
  next: ReceivedInvoice | undefined;
  payment?: ReceivedInvoicePayment;
  at: string;
}): ReceivedInvoiceEventBody | null {
  const { company, payment } = input;
  // An INCOMPLETE draft is out of the book (shared/schemas/received-invoice-draft.ts): the SII hears
  // of it when a person completes it (its registration), never before.
  const current = isOutOfBook(input.current) ? undefined : input.current;
  const next = isOutOfBook(input.next) ? undefined : input.next;
  if (!current && !next) return null;
  if (!reportsReceived(company, current, next)) return null;
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
    vatRegime: company.vatRegime,
    at: input.at,
  };
}
