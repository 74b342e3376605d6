/**
 * Issue 16 on the issued side: what the invoice events tell the SII. The VAT regime and the intra-EU
 * operation (book OI) ride on every event; every collection recorded, corrected or deleted writes its
 * PAYMENT_RECORDED / PAYMENT_DELETED event in the same transaction (issue 18: the accounting's),
 * marked `reportsSii` for an SII company under the criterio de caja (RECC book); a substitute's
 * INVOICE_CONFIRMED names the payments it takes over.
 */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice, InvoicePayment, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { paymentItem } from './store/payment-items';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, USER } from './testing/harness';

const { db, call, transactions, resetIds } = invoicesHarness('sii');

const series = (over: Partial<InvoiceSeries> = {}): InvoiceSeries => ({
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'F',
  description: 'Ordinarias',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const cajaIssuer = {
  ...issuerCompany,
  vatRegime: 'CRITERIO_CAJA',
} as unknown as Invoice['issuer'];

/** A confirmed F1 of an SII company under the criterio de caja: base 1.000,00 €, total 1.210,00 €. */
const confirmed = (over: Partial<InvoiceWithPayments> = {}): InvoiceWithPayments => ({
  invoiceId: 'i1',
  companyId: COMPANY,
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-02-10',
  operationDate: null,
  dueDate: '2026-03-12',
  paymentMethod: 'TRANSFER',
  notes: null,
  customer: {
    customerId: null,
    name: 'Ferretería López SL',
    taxId: 'B12345674',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
    vatTreatment: 'DOMESTIC',
  },
  invoiceLines: [],
  irpfRateBp: 0,
  totals: { baseCents: 100_000, vatCents: 21_000, recargoCents: 0, irpfCents: 0, totalCents: 121_000 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 100_000,
      vatCents: 21_000,
      recargoCents: 0,
    },
  ],
  legalMentions: [],
  series: 'F',
  seriesId: 'f1',
  requestedSeriesId: null,
  number: 3,
  invoiceNumber: 'F-2026-0003',
  issuer: cajaIssuer,
  siiStatus: 'ACCEPTED',
  confirmedAt: '2026-02-10T10:00:00.000Z',
  createdAt: '2026-02-10T09:00:00.000Z',
  updatedAt: '2026-02-10T10:00:00.000Z',
  paymentStatus: 'PENDING',
  paidCents: 0,
  cashPaidCents: 0,
  ...over,
});

const payment = (over: Partial<InvoicePayment> = {}): InvoicePayment => ({
  paymentId: 'p1',
  amountCents: 50_000,
  paidAt: '2026-02-20',
  method: 'TRANSFER',
  reference: 'TR-7',
  createdAt: '2026-02-20T10:00:00.000Z',
  createdBy: USER,
  ...over,
});

let company: Record<string, unknown> = issuerCompany;
let paymentsOf: Record<string, InvoicePayment[]> = {};

const storeInvoice = (inv: InvoiceWithPayments | Invoice) =>
  db
    .on(GetCommand, { Key: keys.invoice(COMPANY, inv.invoiceId) })
    .resolves({ Item: invoiceItem(inv as Invoice) });

const eventsOf = (items: NonNullable<ReturnType<typeof transactions>[number]>) =>
  items.filter((i) => i.Put?.Item?.entity === 'InvoiceEvent').map((i) => i.Put!);

beforeEach(() => {
  db.reset();
  resetIds();
  company = issuerCompany;
  paymentsOf = {};
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).callsFake(() => ({
    Item: { ...keys.company(COMPANY), ...company },
  }));
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series()) });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'r1') }).resolves({
    Item: seriesItem(series({ seriesId: 'r1', code: 'R', purpose: 'RECTIFICATIVA' })),
  });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const prefix = String(input.ExpressionAttributeValues?.[':prefix'] ?? '');
    if (prefix === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
      return {
        Items: [
          { purpose: 'ORDINARY', seriesId: 'f1' },
          { purpose: 'RECTIFICATIVA', seriesId: 'r1' },
        ],
      };
    }
    for (const [invoiceId, list] of Object.entries(paymentsOf)) {
      if (prefix === keys.invoicePaymentPrefix(COMPANY, invoiceId).skPrefix) {
        return { Items: list.map((p) => paymentItem(COMPANY, invoiceId, p)) };
      }
    }
    return { Items: [] };
  });
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  storeInvoice(confirmed());
});

const intraEu = {
  operationType: 'A',
  memberState: 'FR',
  termDays: 90,
  goodsDescription: 'Maquinaria para reparar',
  operatorAddress: '12 Rue de la Paix, 75002 Paris',
};

const draftBody = (over: Record<string, unknown> = {}) => ({
  invoiceType: 'F1',
  invoiceDate: '2026-03-02',
  customer: {
    nif: '12345678Z',
    name: 'Ferretería López',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
  },
  invoiceLines: [{ description: 'Reparación', quantity: 2, unitPriceCents: 10_000, vatRateBp: 2100 }],
  ...over,
});

describe('issued invoices: the intra-EU operation (art. 66.1 RIVA, SII book OI)', () => {
  it('is accepted on a draft, stored and returned; a draft without one answers null', async () => {
    const res = await call<Invoice>({
      routeId: 'invoices.create',
      body: draftBody({ intraEuOperation: intraEu }),
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data!.intraEuOperation).toEqual(intraEu);
    const put = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!;
    expect(put.Item).toMatchObject({ intraEuOperation: intraEu });

    const plain = await call<Invoice>({ routeId: 'invoices.create', body: draftBody() });
    expect(plain.envelope.data!.intraEuOperation).toBeNull();
  });

  it('refuses Spain or a country outside the Union as the member state, naming the field', async () => {
    for (const memberState of ['ES', 'US']) {
      const res = await call({
        routeId: 'invoices.create',
        body: draftBody({ intraEuOperation: { ...intraEu, memberState } }),
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.envelope)).toContain(
        'El Estado miembro debe ser otro país de la Unión Europea.',
      );
    }
    expect(transactions()).toHaveLength(0);
  });

  it('reads an invoice stored before the field existed with null, and no SII state as null', async () => {
    const { intraEuOperation: _i, siiStatus: _s, ...old } = confirmed();
    storeInvoice(old as InvoiceWithPayments);
    const res = await call<InvoiceView>({ routeId: 'invoices.get', params: { invoiceId: 'i1' } });
    expect(res.envelope.data).toMatchObject({ intraEuOperation: null, siiStatus: null });
  });

  it('INVOICE_CONFIRMED of an SII company carries the regime, the operation and NOT_SENT', async () => {
    company = {
      ...issuerCompany,
      siiEnabled: true,
      verifactuEnabled: false,
      fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' },
    };
    const res = await call<Invoice>({
      routeId: 'invoices.createAndConfirm',
      body: draftBody({ intraEuOperation: intraEu }),
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({ siiStatus: 'NOT_SENT', intraEuOperation: intraEu });
    const [event] = eventsOf(transactions().at(-1)!);
    expect(event!.Item).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'sii1', 'INVOICE_CONFIRMED'),
      kind: 'INVOICE_CONFIRMED',
      vatRegime: 'CRITERIO_CAJA',
      intraEuOperation: intraEu,
      siiStatus: 'NOT_SENT',
    });
    expect(event!.Item).not.toHaveProperty('payments');
  });
});

describe('issued invoices: collections under the criterio de caja go to the SII (RECC)', () => {
  const pay = (body: Record<string, unknown>) =>
    call<InvoicePayment>({ routeId: 'invoices.addPayment', params: { invoiceId: 'i1' }, body });

  it('a payment writes PAYMENT_RECORDED in its own transaction, keyed by payment and revision', async () => {
    const res = await pay({
      amountCents: 50_000,
      paidAt: '2026-02-20',
      method: 'TRANSFER',
      reference: 'TR-7',
    });
    expect(res.status).toBe(201);

    const items = transactions().at(-1)!;
    const [event, ...more] = eventsOf(items);
    expect(more).toHaveLength(0);
    expect(event!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(event!.Item).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#sii1#0'),
      entity: 'InvoiceEvent',
      kind: 'PAYMENT_RECORDED',
      invoiceId: 'i1',
      invoiceNumber: 'F-2026-0003',
      vatRegime: 'CRITERIO_CAJA',
      siiStatus: 'ACCEPTED',
      reportsSii: true,
      paidCents: 50_000,
      payment: {
        paymentId: 'sii1',
        date: '2026-02-20',
        amountCents: 50_000,
        method: 'TRANSFER',
        reference: 'TR-7',
        revision: 0,
        movedFrom: null,
      },
      at: T0.toISOString(),
    });
    // The invoice update stays first (its condition decides a lost race), the payment second.
    expect(items[0]!.Update!.Key).toEqual(keys.invoice(COMPANY, 'i1'));
    expect(items[1]!.Put!.Item).toMatchObject({ entity: 'InvoicePayment', paymentId: 'sii1' });
  });

  it('an SII company under the general regime, or a company outside the SII: the event, reportsSii false', async () => {
    storeInvoice(confirmed({ issuer: { ...cajaIssuer!, vatRegime: 'GENERAL' } }));
    await pay({ amountCents: 1_000, paidAt: '2026-02-20', method: 'TRANSFER' });
    storeInvoice(confirmed({ siiStatus: null }));
    await pay({ amountCents: 2_000, paidAt: '2026-02-21', method: 'CASH' });
    const [general, outside] = transactions().map((items) => {
      const events = eventsOf(items);
      expect(events).toHaveLength(1);
      expect(items.at(-1)!.Put).toBe(events[0]);
      return events[0]!.Item!;
    });
    expect(general).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#sii1#0'),
      kind: 'PAYMENT_RECORDED',
      vatRegime: 'GENERAL',
      // The invoice is in the SII (FE), its collections are not (no RECC outside the criterio de caja).
      siiStatus: 'ACCEPTED',
      reportsSii: false,
      paidCents: 1_000,
      payment: { paymentId: 'sii1', amountCents: 1_000, date: '2026-02-20', method: 'TRANSFER', revision: 0 },
    });
    expect(outside).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#sii2#0'),
      kind: 'PAYMENT_RECORDED',
      siiStatus: null,
      reportsSii: false,
      paidCents: 2_000,
      payment: { paymentId: 'sii2', amountCents: 2_000, method: 'CASH' },
      customer: { name: 'Ferretería López SL', taxId: 'B12345674' },
    });
  });

  it('outside the SII a correction and a deletion write their events too, reportsSii false', async () => {
    storeInvoice(confirmed({ siiStatus: null, paidCents: 50_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { i1: [payment()] };
    await call({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'i1', paymentId: 'p1' },
      body: { amountCents: 60_000, paidAt: '2026-02-21', method: 'CARD' },
    });
    paymentsOf = { i1: [payment({ revision: 1, amountCents: 60_000 })] };
    storeInvoice(confirmed({ siiStatus: null, paidCents: 60_000, paymentStatus: 'PARTIAL' }));
    await call({
      routeId: 'invoices.deletePayment',
      params: { invoiceId: 'i1', paymentId: 'p1' },
      query: { reason: 'Cobro duplicado' },
    });
    const [corrected, deleted] = transactions().map(eventsOf);
    expect(corrected!.map((e) => [e.Item!.sk, e.Item!.reportsSii])).toEqual([
      [keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_DELETED#p1#0').sk, false],
      [keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#p1#1').sk, false],
    ]);
    expect(deleted!.map((e) => [e.Item!.sk, e.Item!.reportsSii, e.Item!.paidCents])).toEqual([
      [keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_DELETED#p1#1').sk, false, 0],
    ]);
  });

  it('a correction is the old values taken back and the new ones recorded, in the same transaction', async () => {
    storeInvoice(confirmed({ paidCents: 50_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { i1: [payment()] };
    const res = await call<InvoicePayment>({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'i1', paymentId: 'p1' },
      body: { amountCents: 60_000, paidAt: '2026-02-21', method: 'CARD' },
    });
    expect(res.status).toBe(200);

    const events = eventsOf(transactions().at(-1)!);
    expect(events.map((e) => e.Item!.sk)).toEqual([
      keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_DELETED#p1#0').sk,
      keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#p1#1').sk,
    ]);
    expect(events.map((e) => e.Item!.reportsSii)).toEqual([true, true]);
    expect(events[0]!.Item).toMatchObject({
      kind: 'PAYMENT_DELETED',
      paidCents: 60_000,
      payment: { paymentId: 'p1', amountCents: 50_000, date: '2026-02-20', method: 'TRANSFER', revision: 0 },
    });
    expect(events[1]!.Item).toMatchObject({
      kind: 'PAYMENT_RECORDED',
      payment: { paymentId: 'p1', amountCents: 60_000, date: '2026-02-21', method: 'CARD', revision: 1 },
      at: T0.toISOString(),
    });
  });

  it('a deletion writes PAYMENT_DELETED only, for the revision taken back', async () => {
    storeInvoice(confirmed({ paidCents: 50_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { i1: [payment({ revision: 2 })] };
    const res = await call({
      routeId: 'invoices.deletePayment',
      params: { invoiceId: 'i1', paymentId: 'p1' },
      query: { reason: 'Cobro duplicado' },
    });
    expect(res.status).toBe(200);
    const events = eventsOf(transactions().at(-1)!);
    expect(events).toHaveLength(1);
    expect(events[0]!.Item).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_DELETED#p1#2'),
      kind: 'PAYMENT_DELETED',
      paidCents: 0,
      payment: { paymentId: 'p1', amountCents: 50_000, revision: 2 },
    });
  });

  it("a substitute's INVOICE_CONFIRMED names the collections it takes over", async () => {
    company = {
      ...issuerCompany,
      siiEnabled: true,
      verifactuEnabled: false,
      fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' },
    };
    storeInvoice(confirmed({ paidCents: 50_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { i1: [payment()] };
    const res = await call<InvoiceView>({
      routeId: 'invoices.rectify',
      params: { invoiceId: 'i1' },
      body: {
        rectificationType: 'R1',
        reason: 'Precio mal aplicado',
        invoiceDate: '2026-03-02',
        method: 'SUBSTITUTION',
        invoiceLines: [
          { description: 'Reparación', quantity: 1, unitPriceCents: 110_000, vatRateBp: 2100, changed: true },
        ],
      },
    });
    expect(res.status).toBe(201);
    const [event] = eventsOf(transactions().at(-1)!);
    expect(event!.Item).toMatchObject({
      kind: 'INVOICE_CONFIRMED',
      siiStatus: 'NOT_SENT',
      vatRegime: 'CRITERIO_CAJA',
      payments: [
        {
          paymentId: 'p1',
          amountCents: 50_000,
          date: '2026-02-20',
          revision: 0,
          movedFrom: { invoiceId: 'i1', invoiceNumber: 'F-2026-0003' },
        },
      ],
    });
  });

  it("outside the SII too, a substitute's INVOICE_CONFIRMED (the moves' only event) names the collections it takes over", async () => {
    storeInvoice(confirmed({ siiStatus: null, paidCents: 50_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { i1: [payment()] };
    const res = await call<InvoiceView>({
      routeId: 'invoices.rectify',
      params: { invoiceId: 'i1' },
      body: {
        rectificationType: 'R1',
        reason: 'Precio mal aplicado',
        invoiceDate: '2026-03-02',
        method: 'SUBSTITUTION',
        invoiceLines: [
          { description: 'Reparación', quantity: 1, unitPriceCents: 110_000, vatRateBp: 2100, changed: true },
        ],
      },
    });
    expect(res.status).toBe(201);
    const events = eventsOf(transactions().at(-1)!);
    expect(events.map((e) => e.Item!.kind)).toEqual(['INVOICE_CONFIRMED']);
    expect(events[0]!.Item).toMatchObject({
      siiStatus: null,
      payments: [{ paymentId: 'p1', revision: 0, movedFrom: { invoiceId: 'i1' } }],
    });
  });
});
