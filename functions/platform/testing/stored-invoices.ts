/**
 * Test builders of the invoice items as the invoices and expenses domains store them (key, date index,
 * entity, schema version), for the tests of the domains that read them from the table: the SII, the
 * accounting backfill and the treasury's projection. One place, so a change of the stored shape is
 * made once for every reader's tests.
 */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { receivedBookDate } from '@shared/fiscal/received-invoice-totals';
import type { Invoice, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';

/** The stored issued invoice: its key and its date index. */
export const storedInvoiceItem = (inv: Invoice | InvoiceWithPayments) => ({
  ...keys.invoice(inv.companyId, inv.invoiceId),
  ...keys.invoiceByDate(inv.companyId, inv.invoiceDate, inv.invoiceId),
  entity: 'Invoice',
  v: SCHEMA_VERSION,
  ...inv,
});

/** A collection of 1.210,00 € by transfer on 12 March 2026. */
export function storedInvoicePayment(over: Partial<InvoicePayment> = {}): InvoicePayment {
  return {
    paymentId: 'pay-1',
    amountCents: 121_000,
    paidAt: '2026-03-12',
    method: 'TRANSFER',
    reference: null,
    createdAt: '2026-03-12T08:00:00.000Z',
    createdBy: 'u-owner',
    status: 'ACTIVE',
    revision: 0,
    ...over,
  };
}

export const storedInvoicePaymentItem = (companyId: string, invoiceId: string, p: InvoicePayment) => ({
  ...keys.invoicePayment(companyId, invoiceId, p.createdAt, p.paymentId),
  entity: 'InvoicePayment',
  v: SCHEMA_VERSION,
  companyId,
  invoiceId,
  ...p,
});

/** The stored received invoice: its key and its book-date index. */
export const storedReceivedItem = (r: ReceivedInvoice) => ({
  ...keys.receivedInvoice(r.companyId, r.receivedInvoiceId),
  ...keys.receivedInvoiceByDate(r.companyId, receivedBookDate(r), r.receivedInvoiceId),
  entity: 'ReceivedInvoice',
  v: SCHEMA_VERSION,
  ...r,
});

export const storedReceivedPaymentItem = (
  companyId: string,
  receivedInvoiceId: string,
  p: ReceivedInvoicePayment,
) => ({
  ...keys.receivedInvoicePayment(companyId, receivedInvoiceId, p.createdAt, p.paymentId),
  entity: 'ReceivedInvoicePayment',
  v: SCHEMA_VERSION,
  companyId,
  receivedInvoiceId,
  ...p,
});
