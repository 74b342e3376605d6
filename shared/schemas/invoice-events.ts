/**
 * What the invoice events carry (pure): the payload every InvoiceEvent has, so its consumers (SII,
 * accounting) never read the invoice, and the payment of a payment event (store/payment-events.ts).
 */

import { issuedRegime } from '../fiscal/tax-aggregates';
import type { Invoice, InvoicePayment } from './invoices';

/**
 * What an invoice event carries so its consumers (SII, accounting) never read the
 * invoice: identity, type, dates (due dates too), customer, issuer, the lines' descriptions, breakdown, totals, rectification, the VAT
 * regime (CRITERIO_CAJA brings the SII's RECC book and key 07), the intra-EU operation of the SII's
 * book OI (art. 66.1 RIVA) and the SII state (null: not an SII company, nothing for the SII).
 */
export const invoiceEventPayload = (inv: Invoice) => ({
  invoiceId: inv.invoiceId,
  companyId: inv.companyId,
  invoiceType: inv.invoiceType,
  invoiceDate: inv.invoiceDate,
  operationDate: inv.operationDate ?? null,
  series: inv.series,
  number: inv.number,
  invoiceNumber: inv.invoiceNumber,
  customer: inv.customer ?? null,
  issuer: inv.issuer ?? null,
  breakdown: inv.breakdown,
  totals: inv.totals,
  irpfRateBp: inv.irpfRateBp,
  rectification: inv.rectification ?? null,
  // The lines' descriptions only: the SII's DescripcionOperacion says what was sold.
  invoiceLines: inv.invoiceLines.map((l) => ({ description: l.description })),
  vatRegime: inv.issuer?.vatRegime ?? null,
  intraEuOperation: inv.intraEuOperation ?? null,
  siiStatus: inv.siiStatus ?? null,
  // Issue 19: the due dates (the first one, and every instalment) ride on every event, so the
  // treasury hears them with the invoice (an invoice stored before has `dueDate` only: []).
  dueDate: inv.dueDate ?? null,
  dueDates: inv.dueDates ?? [],
});

/** The payment as its event carries it (`date` is the day it was paid, `revision` orders its events). */
export interface PaymentEventBody {
  paymentId: string;
  date: string;
  amountCents: number;
  method: InvoicePayment['method'];
  reference: string | null;
  revision: number;
  movedFrom: { invoiceId: string; invoiceNumber: string } | null;
}

export const paymentEventBody = (p: InvoicePayment): PaymentEventBody => ({
  paymentId: p.paymentId,
  date: p.paidAt,
  amountCents: p.amountCents,
  method: p.method,
  reference: p.reference ?? null,
  revision: p.revision ?? 0,
  movedFrom: p.movedFrom ?? null,
});

/**
 * Whether the invoice's payments go to the SII (RECC): an SII company's invoice under the criterio
 * de caja. A payment event carries it as `reportsSii` (store/payment-events.ts).
 */
export const reportsPayments = (inv: Pick<Invoice, 'siiStatus' | 'issuer'>): boolean =>
  inv.siiStatus !== null && inv.siiStatus !== undefined && issuedRegime(inv) === 'C';
