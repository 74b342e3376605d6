import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { defaultCompanySettings } from '@shared/schemas/companies';
import type { Customer } from '@shared/schemas/customers';
import { invoiceEventPayload } from '@shared/schemas/invoice-events';
import type { Invoice, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { confirmedDueDates, nextUnpaidDueDate } from './model/due-dates';
import { invoiceView } from './model/invoice-view';
import { statusAfterPayment } from './model/payments';
import { customerItem } from './store/customers';
import { invoiceMoneyUpdate } from './store/invoice-money';
import { invoiceItem } from './store/invoices';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, TABLE, USER } from './testing/harness';
import { markOverdue } from './workers/mark-overdue';

const { db, deps, call, transactions, resetIds } = invoicesHarness('due');

const thirds: PaymentTerms = {
  instalments: [
    { days: 30, percentBp: 3333 },
    { days: 60, percentBp: 3333 },
    { days: 90, percentBp: 3334 },
  ],
};

const customer = (over: Partial<Customer> = {}): Customer => ({
  customerId: 'c1',
  companyId: COMPANY,
  name: 'Ferretería López',
  taxId: '12345678Z',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  paymentTermsDays: 30,
  vatTreatment: 'DOMESTIC',
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

// 100,00 € at 21 % less 15 % IRPF: the customer pays 106,00 €.
const body = (over: Record<string, unknown> = {}) => ({
  invoiceType: 'F1',
  invoiceDate: '2026-03-02',
  customerId: 'c1',
  invoiceLines: [{ description: 'Asesoría', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
  irpfRateBp: 1500,
  ...over,
});

const settings = (invoicing: Record<string, unknown>) => ({
  Item: {
    ...keys.companySettings(COMPANY),
    settings: {
      ...defaultCompanySettings(),
      invoicing: { ...defaultCompanySettings().invoicing, ...invoicing },
    },
  },
});

const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; message: string } }).error;

beforeEach(() => {
  db.reset();
  resetIds();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany },
  });
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(PutCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

describe('invoices: due dates of drafts (issue 19)', () => {
  it("takes the customer's instalments, adding up to the total net of IRPF", async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: customerItem(customer({ paymentTerms: thirds })),
    });
    const res = await call<Invoice>({ routeId: 'invoices.create', body: body() });
    const inv = res.envelope.data!;
    expect(inv.totals.totalCents).toBe(10_600);
    expect(inv.dueDates).toEqual([
      { dueDate: '2026-04-01', amountCents: 3533 },
      { dueDate: '2026-05-01', amountCents: 3533 },
      { dueDate: '2026-05-31', amountCents: 3534 },
    ]);
    // `dueDate` stays the first due date: lists and the overdue index read it.
    expect(inv.dueDate).toBe('2026-04-01');
  });

  it("reads a customer stored with days only as one instalment; an inline customer takes the company's terms", async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: customerItem(customer({ paymentTermsDays: 45 })),
    });
    db.on(GetCommand, { Key: keys.companySettings(COMPANY) }).resolves(
      settings({ defaultPaymentTerms: { instalments: thirds.instalments, paymentDays: [10] } }),
    );
    const stored = await call<Invoice>({ routeId: 'invoices.create', body: body() });
    expect(stored.envelope.data!.dueDates).toEqual([{ dueDate: '2026-04-16', amountCents: 10_600 }]);

    const inline = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({
        customerId: undefined,
        customer: { nif: '12345678Z', name: 'Ferretería López' },
      }),
    });
    // 30/60/90 days moved to the 10th of the month (días de pago).
    expect(inline.envelope.data!.dueDates!.map((d) => d.dueDate)).toEqual([
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
    ]);
  });

  it('keeps an explicit dueDate as one instalment and checks explicit dueDates against the amount', async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: customerItem(customer({ paymentTerms: thirds })),
    });
    const one = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({ dueDate: '2026-03-20' }),
    });
    expect(one.envelope.data!.dueDates).toEqual([{ dueDate: '2026-03-20', amountCents: 10_600 }]);

    const wrong = await call({
      routeId: 'invoices.create',
      body: body({
        dueDates: [
          { dueDate: '2026-04-01', amountCents: 6000 },
          { dueDate: '2026-05-01', amountCents: 6100 },
        ],
      }),
    });
    expect(errorOf(wrong)).toMatchObject({ code: 'CORE_004', field: 'dueDates' });

    const right = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({
        dueDates: [
          { dueDate: '2026-04-01', amountCents: 6000 },
          { dueDate: '2026-05-01', amountCents: 4600 },
        ],
      }),
    });
    expect(right.envelope.data!.dueDate).toBe('2026-04-01');
    expect(right.envelope.data!.dueDates).toHaveLength(2);
  });

  it('refuses due dates before the invoice, out of order, or contradicting dueDate', async () => {
    for (const over of [
      { dueDates: [{ dueDate: '2026-03-01', amountCents: 10_600 }] },
      {
        dueDates: [
          { dueDate: '2026-05-01', amountCents: 5300 },
          { dueDate: '2026-04-01', amountCents: 5300 },
        ],
      },
      { dueDate: '2026-04-02', dueDates: [{ dueDate: '2026-04-01', amountCents: 10_600 }] },
    ]) {
      const res = await call({ routeId: 'invoices.create', body: body(over) });
      expect(errorOf(res)?.code).toBe('CORE_004');
    }
  });
});

describe('invoices: due dates at confirmation', () => {
  const draft = (over: Partial<Invoice> = {}): Invoice => ({
    ...(invoiceItemBase() as Invoice),
    ...over,
  });

  it('fixes a draft without due dates from the terms, and a credit note with none', () => {
    const noDue = draft({ dueDate: null });
    expect(confirmedDueDates(noDue, thirds).dueDates).toHaveLength(3);
    expect(confirmedDueDates(noDue, thirds).dueDate).toBe('2026-04-01');
    expect(confirmedDueDates(draft({ dueDate: '2026-03-10' }), thirds).dueDates).toEqual([
      { dueDate: '2026-03-10', amountCents: 242_000 },
    ]);
    const credit = draft({
      dueDate: null,
      totals: { baseCents: -100, vatCents: -21, recargoCents: 0, irpfCents: 0, totalCents: -121 },
    });
    expect(confirmedDueDates(credit, thirds)).toMatchObject({ dueDate: null, dueDates: [] });
  });

  it('confirms a draft without due dates with the terms in force', async () => {
    const series = {
      seriesId: 'f1',
      companyId: COMPANY,
      code: 'F',
      description: 'Ordinarias',
      purpose: 'ORDINARY' as const,
      format: '{SERIES}-{YYYY}-{NNNN}',
      isActive: true,
      issuedCount: 0,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    };
    db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series) });
    db.on(QueryCommand).callsFake((input: QueryCommandInput) =>
      input.ExpressionAttributeValues?.[':prefix'] === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix
        ? { Items: [{ purpose: 'ORDINARY', seriesId: 'f1' }] }
        : { Items: [] },
    );
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'i1') }).resolves({
      Item: invoiceItem(draft({ status: 'DRAFT', dueDate: null, number: null, invoiceNumber: null })),
    });
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: customerItem(customer({ paymentTerms: thirds })),
    });
    const res = await call<InvoiceView>({ routeId: 'invoices.confirm', params: { invoiceId: 'i1' } });
    expect(res.status).toBe(200);
    const put = transactions()[0]![0]!.Put!.Item!;
    // 33,33 % + 33,33 % + 33,34 % of 2.420,00 €: 806,59 + 806,58 + 806,83.
    expect(put.dueDates).toEqual([
      { dueDate: '2026-04-01', amountCents: 80_659 },
      { dueDate: '2026-05-01', amountCents: 80_658 },
      { dueDate: '2026-05-31', amountCents: 80_683 },
    ]);
    // The overdue index holds the first uncovered due date.
    expect(put.gsi2sk).toBe(keys.invoiceDue('2026-04-01', COMPANY, 'i1').gsi2sk);
    // The confirmation's event carries them.
    expect(transactions()[0]!.map((t) => t.Put?.Item?.kind)).toContain('INVOICE_CONFIRMED');
    const event = transactions()[0]!.find((t) => t.Put?.Item?.kind === 'INVOICE_CONFIRMED')!.Put!.Item!;
    expect(event.dueDates).toEqual(put.dueDates);
    expect(res.envelope.data!.instalments).toHaveLength(3);
  });
});

/** A confirmed invoice of 2.420,00 € (in instalmentInvoice: 806,67 + 806,66 + 806,67). */
function invoiceItemBase(): InvoiceWithPayments {
  return {
    invoiceId: 'i1',
    companyId: COMPANY,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: '2026-03-02',
    operationDate: null,
    dueDate: null,
    paymentMethod: 'TRANSFER',
    notes: null,
    customer: {
      customerId: 'c1',
      name: 'Ferretería López',
      taxId: '12345678Z',
      address: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      country: 'ES',
      vatTreatment: 'DOMESTIC',
    },
    invoiceLines: [
      {
        description: 'Reparación',
        quantityMilli: 1000,
        unitPriceCents: 200_000,
        discountBp: 0,
        vatRateBp: 2100,
        operation: 'S1',
        recargo: false,
        baseCents: 200_000,
      },
    ],
    irpfRateBp: 0,
    totals: { baseCents: 200_000, vatCents: 42_000, recargoCents: 0, irpfCents: 0, totalCents: 242_000 },
    breakdown: [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 200_000,
        vatCents: 42_000,
        recargoCents: 0,
      },
    ],
    legalMentions: [],
    series: 'F',
    seriesId: 'f1',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: 'F-2026-0001',
    confirmedAt: '2026-03-02T09:00:00.000Z',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
  };
}

const instalmentInvoice = (over: Partial<InvoiceWithPayments> = {}): InvoiceWithPayments => ({
  ...invoiceItemBase(),
  dueDate: '2026-04-01',
  dueDates: [
    { dueDate: '2026-04-01', amountCents: 80_667 },
    { dueDate: '2026-05-01', amountCents: 80_666 },
    { dueDate: '2026-05-31', amountCents: 80_667 },
  ],
  paymentStatus: 'PENDING',
  paidCents: 0,
  ...over,
});

describe('invoices: payments settle instalments oldest first', () => {
  it('is PARTIAL while the instalments due are covered, OVERDUE when one is missed', () => {
    const inv = instalmentInvoice();
    expect(statusAfterPayment(inv, 80_667, '2026-04-15')).toBe('PARTIAL');
    expect(statusAfterPayment(inv, 80_000, '2026-04-15')).toBe('OVERDUE');
    expect(statusAfterPayment(inv, 242_000, '2026-09-01')).toBe('PAID');
    // An OVERDUE invoice whose missed instalment gets paid is PARTIAL again.
    expect(statusAfterPayment({ ...inv, paymentStatus: 'OVERDUE' }, 80_667, '2026-04-15')).toBe('PARTIAL');
  });

  it('moves the overdue index to the next uncovered due date', () => {
    const inv = instalmentInvoice();
    expect(nextUnpaidDueDate(inv, 100_000)).toBe('2026-05-01');
    const update = invoiceMoneyUpdate({ table: TABLE }, inv, { paidCents: 161_333, paymentStatus: 'PARTIAL' })
      .Update!;
    expect(update.ExpressionAttributeValues![':gsi2sk']).toBe(
      keys.invoiceDue('2026-05-31', COMPANY, 'i1').gsi2sk,
    );
  });

  it('shows each instalment with what is paid, pending and overdue', () => {
    const view = invoiceView(
      instalmentInvoice({ paidCents: 100_000, paymentStatus: 'OVERDUE' }),
      '2026-05-02',
    );
    expect(view.instalments).toEqual([
      { dueDate: '2026-04-01', amountCents: 80_667, paidCents: 80_667, pendingCents: 0, overdue: false },
      { dueDate: '2026-05-01', amountCents: 80_666, paidCents: 19_333, pendingCents: 61_333, overdue: true },
      { dueDate: '2026-05-31', amountCents: 80_667, paidCents: 0, pendingCents: 80_667, overdue: false },
    ]);
    // A draft's instalments are never overdue.
    const draftView = invoiceView({ ...instalmentInvoice(), status: 'DRAFT' }, '2027-01-01');
    expect(draftView.instalments.some((i) => i.overdue)).toBe(false);
  });

  it('puts the due dates on every event', () => {
    const payload = invoiceEventPayload(instalmentInvoice());
    expect(payload.dueDate).toBe('2026-04-01');
    expect(payload.dueDates).toHaveLength(3);
    expect(invoiceEventPayload(invoiceItemBase()).dueDates).toEqual([]);
  });
});

describe('invoices: overdue schedule with instalments', () => {
  const log = createLogger({});
  const ctx = (now: Date) => ({ log, now, remainingMs: () => 60_000 });

  it('marks an invoice with a missed instalment and moves one whose due instalments are covered', async () => {
    const missed = { ...invoiceItem(instalmentInvoice({ invoiceId: 'i1', paidCents: 50_000 })) };
    const covered = {
      ...invoiceItem(instalmentInvoice({ invoiceId: 'i2', paidCents: 80_667, paymentStatus: 'PARTIAL' })),
      // An entry still at the first due date (e.g. written before issue 19).
      ...keys.invoiceDue('2026-04-01', COMPANY, 'i2'),
    };
    db.on(QueryCommand).resolves({ Items: [missed, covered] });
    db.on(UpdateCommand).resolves({});

    const result = await markOverdue(deps, ctx(new Date('2026-04-10T08:00:00.000Z')));

    expect(result).toEqual({ marked: 1, moved: 1, skipped: 0, failed: 0 });
    const [mark, move] = db.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(mark!.Key).toEqual(keys.invoice(COMPANY, 'i1'));
    expect(mark!.UpdateExpression).toBe('SET paymentStatus = :overdue REMOVE gsi2pk, gsi2sk');
    expect(mark!.ConditionExpression).toContain('paidCents = :seenPaid');
    expect(mark!.ExpressionAttributeValues![':seenPaid']).toBe(50_000);
    expect(move!.Key).toEqual(keys.invoice(COMPANY, 'i2'));
    expect(move!.ExpressionAttributeValues![':g2sk']).toBe(
      keys.invoiceDue('2026-05-01', COMPANY, 'i2').gsi2sk,
    );
  });

  it('counts a write that lost its condition as skipped', async () => {
    db.on(QueryCommand).resolves({ Items: [invoiceItem(instalmentInvoice({ paidCents: 1 }))] });
    db.on(UpdateCommand).rejects(
      Object.assign(new Error('cond'), { name: 'ConditionalCheckFailedException' }),
    );
    const result = await markOverdue(deps, ctx(new Date('2026-04-10T08:00:00.000Z')));
    expect(result).toEqual({ marked: 0, moved: 0, skipped: 1, failed: 0 });
  });
});
