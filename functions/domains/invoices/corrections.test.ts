/**
 * Issue 10 on the server: exact substitutions (unchanged lines equal the original's), a substituted
 * invoice ('Sustituida') with its payments moved, credit notes applied, payment corrections and
 * deletions with their audit line, the complete-invoice parties at confirmation and the company's
 * invoicing defaults on new invoices. Through the real pipeline with a mocked document client.
 */

import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import { keys } from '@shared/db/keys';
import { paymentContributions } from '@shared/fiscal/payment-aggregates';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice, InvoicePayment, InvoiceView, InvoiceWithPayments } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { paymentItem } from './store/payment-items';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, TABLE, USER } from './testing/harness';
import { recomputeCompany } from './workers/recompute-aggregates';

const { db, call, transactions, resetIds } = invoicesHarness('cor');
const writes = () =>
  db.commandCalls(PutCommand).length +
  db.commandCalls(DeleteCommand).length +
  db.commandCalls(TransactWriteCommand).length;
const errorOf = (res: { envelope: unknown }) =>
  (
    res.envelope as {
      error?: { code: string; message: string; field: string | null; details?: Record<string, unknown> };
    }
  ).error;

const series = (over: Partial<InvoiceSeries> = {}): InvoiceSeries => ({
  seriesId: 'r1',
  companyId: COMPANY,
  code: 'R',
  description: 'Rectificativas',
  purpose: 'RECTIFICATIVA',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const customer = {
  customerId: 'c1',
  name: 'Ferretería López',
  taxId: '12345678Z',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
  vatTreatment: 'DOMESTIC' as const,
};

/** A confirmed F1: 2 × 100,00 € with a 10 % discount at 21 %: base 180,00, total 217,80. */
const original = (over: Partial<InvoiceWithPayments> = {}): InvoiceWithPayments => ({
  invoiceId: 'orig1',
  companyId: COMPANY,
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-02-10',
  operationDate: null,
  dueDate: '2026-03-12',
  paymentMethod: 'TRANSFER',
  notes: null,
  customer,
  invoiceLines: [
    {
      description: 'Reparación',
      quantityMilli: 2000,
      unitPriceCents: 10_000,
      discountBp: 1000,
      vatRateBp: 2100,
      operation: 'S1',
      recargo: false,
      baseCents: 18_000,
    },
  ],
  irpfRateBp: 0,
  totals: { baseCents: 18_000, vatCents: 3780, recargoCents: 0, irpfCents: 0, totalCents: 21_780 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 18_000,
      vatCents: 3780,
      recargoCents: 0,
    },
  ],
  legalMentions: [],
  series: 'F',
  seriesId: 'f1',
  requestedSeriesId: null,
  number: 7,
  invoiceNumber: 'F-2026-0007',
  confirmedAt: '2026-02-10T10:00:00.000Z',
  createdAt: '2026-02-10T09:00:00.000Z',
  updatedAt: '2026-02-10T10:00:00.000Z',
  paymentStatus: 'PENDING',
  paidCents: 0,
  cashPaidCents: 0,
  ...over,
});

const stored = (inv: InvoiceWithPayments) =>
  db
    .on(GetCommand, { Key: keys.invoice(COMPANY, inv.invoiceId) })
    .resolves({ Item: invoiceItem(inv as Invoice) });

const payment = (over: Partial<InvoicePayment> = {}): InvoicePayment => ({
  paymentId: 'p1',
  amountCents: 10_000,
  paidAt: '2026-02-20',
  method: 'TRANSFER',
  reference: null,
  createdAt: '2026-02-20T10:00:00.000Z',
  createdBy: USER,
  ...over,
});

let paymentsOf: Record<string, InvoicePayment[]> = {};
let company: Record<string, unknown> = issuerCompany;

beforeEach(() => {
  db.reset();
  resetIds();
  paymentsOf = {};
  company = issuerCompany;
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).callsFake(() => ({
    Item: { ...keys.company(COMPANY), ...company },
  }));
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'r1') }).resolves({ Item: seriesItem(series()) });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({
    Item: seriesItem(series({ seriesId: 'f1', code: 'F', purpose: 'ORDINARY' })),
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
  db.on(TransactWriteCommand).resolves({});
  stored(original());
});

const rectify = (body: Record<string, unknown>, invoiceId = 'orig1') =>
  call<InvoiceView>({
    routeId: 'invoices.rectify',
    params: { invoiceId },
    body: { rectificationType: 'R1', reason: 'Precio mal aplicado', invoiceDate: '2026-03-02', ...body },
  });

/** The original line as a client sends it back unchanged (quantity in units, not thousandths). */
const sameLine = {
  description: 'Reparación',
  quantity: 2,
  unitPriceCents: 10_000,
  discountBp: 1000,
  vatRateBp: 2100,
};

describe('substitution is exact', () => {
  it('refuses an unchanged line that lost the discount, naming the line and the field, writing nothing', async () => {
    const res = await rectify({
      method: 'SUBSTITUTION',
      invoiceLines: [{ ...sameLine, discountBp: 0 }],
    });

    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'invoiceLines.0',
      message:
        'La línea 1 no coincide con la línea 1 de la factura original (descuento): márcala como modificada o deja los datos de la original.',
      details: { reason: 'SUBSTITUTION_LINE_CHANGED', fields: ['discountBp'] },
    });
    expect(writes()).toBe(0);
  });

  it('refuses an unmarked new line and a repeated original line; accepts the exact copy plus a changed line', async () => {
    const extra = { description: 'Desplazamiento', quantity: 1, unitPriceCents: 3000, vatRateBp: 2100 };
    const unmarked = await rectify({ method: 'SUBSTITUTION', invoiceLines: [sameLine, extra] });
    const repeated = await rectify({
      method: 'SUBSTITUTION',
      invoiceLines: [sameLine, { ...sameLine, sourceLine: 0 }],
    });
    expect(errorOf(unmarked)).toMatchObject({
      field: 'invoiceLines.1',
      details: { reason: 'SUBSTITUTION_LINE_UNKNOWN' },
    });
    expect(errorOf(repeated)).toMatchObject({
      field: 'invoiceLines.1',
      details: { reason: 'SUBSTITUTION_LINE_REPEATED' },
    });

    const ok = await rectify({
      method: 'SUBSTITUTION',
      invoiceLines: [sameLine, { ...extra, changed: true }],
    });
    expect(ok.status).toBe(201);
    // The discount of the unchanged line is kept: 180,00 + 30,00 of base.
    expect(ok.envelope.data!.totals.baseCents).toBe(21_000);
    expect(ok.envelope.data!.invoiceLines[0]).toMatchObject({ discountBp: 1000, baseCents: 18_000 });
  });
});

describe('a substituted invoice', () => {
  it('is marked in the confirming transaction and its payments move to the substitute', async () => {
    stored(original({ paidCents: 10_000, paymentStatus: 'PARTIAL' }));
    paymentsOf = { orig1: [payment()] };

    const res = await rectify({ method: 'SUBSTITUTION', invoiceLines: [sameLine] });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      paidCents: 10_000,
      paymentStatus: 'PARTIAL',
      dueDate: '2026-03-12',
      outstandingCents: 11_780,
    });
    const items = transactions().at(-1)!;
    const moved = items.find((i) => i.Put?.Item?.entity === 'InvoicePayment')!.Put!;
    expect(moved.Item).toMatchObject({
      ...keys.invoicePayment(COMPANY, 'cor1', payment().createdAt, 'p1'),
      movedFrom: { invoiceId: 'orig1', invoiceNumber: 'F-2026-0007' },
      history: [{ action: 'MOVED', before: { amountCents: 10_000 } }],
    });
    expect(items.find((i) => i.Delete)!.Delete!.Key).toEqual(
      keys.invoicePayment(COMPANY, 'orig1', payment().createdAt, 'p1'),
    );
    const mark = items.at(-1)!.Update!;
    expect(mark.Key).toEqual(keys.invoice(COMPANY, 'orig1'));
    expect(mark.UpdateExpression).toContain('substitutedBy = :sb');
    expect(mark.UpdateExpression).toContain('REMOVE paymentStatus, gsi2pk, gsi2sk');
    expect(mark.ConditionExpression).toContain('paidCents = :seenPaid');
    expect(mark.ExpressionAttributeValues).toMatchObject({
      ':sb': 'cor1',
      ':sbn': 'R-2026-0001',
      ':seenPaid': 10_000,
    });
  });

  it('under the criterio de caja, keeps what the moved payments settled and re-bases it at the substitution', async () => {
    company = { ...issuerCompany, fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' } };
    const recc = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as InvoiceWithPayments['issuer'];
    stored(original({ paidCents: 10_000, cashPaidCents: 10_000, paymentStatus: 'PARTIAL', issuer: recc }));
    paymentsOf = { orig1: [payment({ method: 'CASH' })] };
    const extra = {
      description: 'Material',
      quantity: 1,
      unitPriceCents: 3000,
      vatRateBp: 1000,
      changed: true,
    };

    const res = await rectify({ method: 'SUBSTITUTION', invoiceLines: [sameLine, extra] });

    expect(res.status).toBe(201);
    const items = transactions().at(-1)!;
    const caja = items.filter((i) => i.Update?.Key?.sk.includes('#K#CAJA|')).map((i) => i.Update!);
    // The payment's own share of the original (dated 20/02) stays; at the substitute's date
    // (02/03) what it collected is re-based to the substitute's figures: 100,00 of 250,80 €.
    const added = (sk: string) => {
      const u = caja.find((x) => x.Key!.sk === sk)!;
      const names = u.ExpressionAttributeNames!;
      const values = u.ExpressionAttributeValues!;
      const out: Record<string, unknown> = {};
      for (const [n, f] of Object.entries(names)) if (n.startsWith('#a')) out[f] = values[`:a${n.slice(2)}`];
      return out;
    };
    expect(caja.map((u) => u.Key!.sk).sort()).toEqual([
      keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk,
      keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk,
      keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
    ]);
    // 21 %: 71,77 € and 15,07 € (of 180,00/37,80) instead of the 82,64 € and 17,36 € settled of the original.
    expect(
      added(keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk),
    ).toMatchObject({
      baseCents: -1_087,
      vatCents: -229,
      count: 0,
    });
    expect(
      added(keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk),
    ).toMatchObject({
      baseCents: 1_196,
      vatCents: 120,
    });
    // Art. 163 terdecies.Dos LIVA: the uncollected rest accrues on 31/12/2027 — the original's
    // (97,36 € and 20,44 € at 21 %) leaves, the substitute's (108,23/22,73 at 21 %, 18,04/1,80 at
    // 10 %) comes, both written once (one operation per item in a transaction).
    expect(
      added(keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk),
    ).toMatchObject({ baseCents: 10_823 - 9_736, vatCents: 2_273 - 2_044 });
    expect(
      added(keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|1000|0').sk),
    ).toMatchObject({ baseCents: 1_804, vatCents: 180 });
    const written = items.map((i) => {
      const k = i.Update?.Key ?? i.Delete?.Key ?? i.Put?.Item;
      return `${k?.pk}#${k?.sk}`;
    });
    expect(new Set(written).size).toBe(written.length);
    // The cash collected stays with the same customer and year: nothing moves.
    expect(items.some((i) => i.Update?.Key?.sk.includes('CASH@'))).toBe(false);
  });

  it('under the criterio de caja, an unpaid original leaves its deadline line and the substitute brings its own', async () => {
    company = { ...issuerCompany, fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' } };
    const recc = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as InvoiceWithPayments['issuer'];
    stored(original({ issuer: recc }));
    const cheaper = { ...sameLine, unitPriceCents: 9_000, changed: true };

    const res = await rectify({ method: 'SUBSTITUTION', invoiceLines: [cheaper] });

    expect(res.status).toBe(201);
    const items = transactions().at(-1)!;
    const caja = items.filter((i) => i.Update?.Key?.sk.includes('#K#CAJA|')).map((i) => i.Update!);
    // 162,00 € (2 × 90 − 10 %) instead of 180,00 € at 21 %, both due on 31/12/2027: the difference,
    // once per item (the confirmation leaves a substitute's payment aggregates to the substitution).
    expect(
      caja.map((u) => [u.Key!.sk, u.ExpressionAttributeValues![':a0'], u.ExpressionAttributeValues![':a1']]),
    ).toEqual([
      [keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, -1_800, -378],
      [keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, -1_800, -378],
    ]);
  });

  it('under the criterio de caja, a rectificativa by differences accrues at its own deadline', async () => {
    company = { ...issuerCompany, fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' } };
    const recc = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as InvoiceWithPayments['issuer'];
    stored(original({ issuer: recc }));
    const more = { description: 'Desplazamiento', quantity: 1, unitPriceCents: 5_000, vatRateBp: 2100 };

    const res = await rectify({ method: 'DIFFERENCES', invoiceLines: [more] });

    expect(res.status).toBe(201);
    const caja = transactions()
      .at(-1)!
      .filter((i) => i.Update?.Key?.sk.includes('#K#CAJA|'))
      .map((i) => [i.Update!.Key!.sk, i.Update!.ExpressionAttributeValues![':a0']]);
    expect(caja).toEqual([
      [keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, 5_000],
      [keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, 5_000],
    ]);
  });

  it('carries the credit notes applied to the original over to the substitute', async () => {
    const received = {
      creditNoteId: 'cn1',
      creditNoteNumber: 'R-2026-0001',
      amountCents: 5000,
      at: 'x',
      by: null,
    };
    stored(original({ creditedCents: 5000, creditsReceived: [received], paymentStatus: 'PARTIAL' }));

    const res = await rectify({ method: 'SUBSTITUTION', invoiceLines: [sameLine] });

    expect(res.envelope.data).toMatchObject({
      creditedCents: 5000,
      creditsReceived: [received],
      outstandingCents: 16_780,
      paymentStatus: 'PARTIAL',
    });
    const mark = transactions().at(-1)!.at(-1)!.Update!;
    expect(mark.UpdateExpression).toContain('creditedCents = :zero');
    expect(mark.ExpressionAttributeValues).toMatchObject({ ':seenCredited': 5000 });
  });

  it('refuses a substitute smaller than what was collected', async () => {
    stored(original({ paidCents: 21_780, paymentStatus: 'PAID' }));
    paymentsOf = { orig1: [payment({ amountCents: 21_780 })] };

    const res = await rectify({ method: 'SUBSTITUTION', cancelAll: true });

    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'DOC_047', details: { reason: 'PAID_EXCEEDS_SUBSTITUTE' } });
    expect(writes()).toBe(0);
  });

  it("shows as 'Sustituida' and refuses payments and another rectificativa by the substitute's number", async () => {
    stored(original({ substitutedBy: 'r9', substitutedByNumber: 'R-2026-0003', paymentStatus: undefined }));

    const view = await call<InvoiceView>({ routeId: 'invoices.get', params: { invoiceId: 'orig1' } });
    const pay = await call({
      routeId: 'invoices.addPayment',
      params: { invoiceId: 'orig1' },
      body: { amountCents: 100, paidAt: '2026-03-01', method: 'TRANSFER' },
    });
    const again = await rectify({ method: 'DIFFERENCES', cancelAll: true });

    expect(view.envelope.data).toMatchObject({ displayStatus: 'SUBSTITUTED', outstandingCents: 0 });
    expect(errorOf(pay)).toMatchObject({
      code: 'DOC_047',
      message:
        'La factura está sustituida por la rectificativa R-2026-0003 y no admite cobros: regístralos en la rectificativa.',
    });
    expect(errorOf(again)).toMatchObject({ code: 'DOC_047', details: { reason: 'SUBSTITUTED' } });
    expect(JSON.stringify([errorOf(pay), errorOf(again)])).not.toContain('orig1');
    expect(writes()).toBe(0);
  });
});

describe('credit notes', () => {
  const creditNote = (over: Partial<InvoiceWithPayments> = {}) =>
    original({
      invoiceId: 'cn1',
      invoiceType: 'R1',
      invoiceNumber: 'R-2026-0001',
      dueDate: null,
      totals: { baseCents: -10_000, vatCents: -2100, recargoCents: 0, irpfCents: 0, totalCents: -12_100 },
      rectification: { method: 'DIFFERENCES', reason: 'Devolución', rectified: [] },
      appliedCreditCents: 2_100,
      paymentStatus: 'PENDING',
      ...over,
    });

  it('applies the unused credit to another open invoice of the customer in one transaction', async () => {
    stored(creditNote());
    const res = await call<{ creditNote: InvoiceView; invoice: InvoiceView }>({
      routeId: 'invoices.applyCredit',
      params: { invoiceId: 'cn1' },
      body: { targetInvoiceId: 'orig1' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data!.creditNote).toMatchObject({ unappliedCreditCents: 0, paymentStatus: 'PAID' });
    expect(res.envelope.data!.invoice).toMatchObject({
      creditedCents: 10_000,
      outstandingCents: 11_780,
      paymentStatus: 'PARTIAL',
    });
    const [target, cn] = transactions().at(-1)!;
    expect(target!.Update!.ExpressionAttributeValues).toMatchObject({
      ':creditedCents': 10_000,
      ':seenCredited': 0,
    });
    expect(cn!.Update!.ExpressionAttributeValues).toMatchObject({ ':applied': 12_100, ':seen': 2_100 });
  });

  it('refuses another customer, more than available and an ordinary invoice as the source', async () => {
    stored(creditNote());
    stored(original({ invoiceId: 'other', customer: { ...customer, customerId: 'c2' } }));
    const apply = (invoiceId: string, body: Record<string, unknown>) =>
      call({ routeId: 'invoices.applyCredit', params: { invoiceId }, body });

    expect(errorOf(await apply('cn1', { targetInvoiceId: 'other' }))).toMatchObject({
      details: { reason: 'DIFFERENT_CUSTOMERS' },
    });
    expect(errorOf(await apply('cn1', { targetInvoiceId: 'orig1', amountCents: 10_001 }))).toMatchObject({
      field: 'amountCents',
      details: { reason: 'OVER_CREDIT' },
    });
    expect(errorOf(await apply('orig1', { targetInvoiceId: 'cn1' }))).toMatchObject({
      details: { reason: 'NOT_CREDIT_NOTE' },
    });
    expect(writes()).toBe(0);
  });
});

describe('payment corrections', () => {
  beforeEach(() => {
    stored(original({ paidCents: 21_780, paymentStatus: 'PAID' }));
    paymentsOf = { orig1: [payment({ amountCents: 21_780 })] };
  });

  it('PUT corrects the amount, the invoice follows in the same transaction, with an audit line', async () => {
    const res = await call<InvoicePayment>({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'orig1', paymentId: 'p1' },
      body: { amountCents: 20_000, paidAt: '2026-02-21', method: 'CARD', reason: 'Importe mal tecleado' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      amountCents: 20_000,
      method: 'CARD',
      status: 'ACTIVE',
      revision: 1,
      history: [
        {
          action: 'UPDATED',
          at: T0.toISOString(),
          by: USER,
          before: { amountCents: 21_780, paidAt: '2026-02-20', method: 'TRANSFER' },
          after: { amountCents: 20_000, paidAt: '2026-02-21', method: 'CARD' },
          reason: 'Importe mal tecleado',
        },
      ],
    });
    const [inv, pay] = transactions().at(-1)!;
    // Due on 12/03/2026, today is 02/03/2026: PARTIAL, back in the overdue schedule's index.
    expect(inv!.Update!.ExpressionAttributeValues).toMatchObject({
      ':paidCents': 20_000,
      ':ps': 'PARTIAL',
      ':seenPaid': 21_780,
      ':gsi2pk': 'INVOICES#DUE',
    });
    expect(pay!.Put!.ConditionExpression).toBe('attribute_exists(pk) AND attribute_not_exists(revision)');
  });

  it('DELETE keeps the payment as DELETED with its audit line and refuses touching it again', async () => {
    const res = await call<InvoicePayment>({
      routeId: 'invoices.deletePayment',
      params: { invoiceId: 'orig1', paymentId: 'p1' },
      query: { reason: 'Cobro duplicado' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      status: 'DELETED',
      history: [{ action: 'DELETED', after: null, reason: 'Cobro duplicado' }],
    });
    expect(transactions().at(-1)![0]!.Update!.ExpressionAttributeValues).toMatchObject({
      ':paidCents': 0,
      ':ps': 'PENDING',
    });

    paymentsOf = { orig1: [res.envelope.data!] };
    const again = await call({
      routeId: 'invoices.deletePayment',
      params: { invoiceId: 'orig1', paymentId: 'p1' },
    });
    const unknown = await call({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'orig1', paymentId: 'nope' },
      body: { amountCents: 1, paidAt: '2026-02-21', method: 'CARD' },
    });
    expect(errorOf(again)).toMatchObject({ code: 'DOC_047', details: { reason: 'PAYMENT_DELETED' } });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)!.message).toBe('El cobro no existe.');
  });

  it('moves the cash and, under the criterio de caja, the VAT a payment settled to its corrected date', async () => {
    const recc = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as InvoiceWithPayments['issuer'];
    stored(original({ paidCents: 21_780, cashPaidCents: 0, paymentStatus: 'PAID', issuer: recc }));
    const res = await call<InvoicePayment>({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'orig1', paymentId: 'p1' },
      body: { amountCents: 21_780, paidAt: '2026-03-01', method: 'CASH' },
    });
    expect(res.status).toBe(200);
    // The two events (the old values taken back, the new ones recorded) close the transaction.
    expect(
      transactions()
        .at(-1)!
        .slice(-2)
        .map((i) => i.Put!.Item!.kind),
    ).toEqual(['PAYMENT_DELETED', 'PAYMENT_RECORDED']);
    const aggregates = transactions()
      .at(-1)!
      .slice(2, -2)
      .map((i) => [i.Update!.Key!.sk, i.Update!.ExpressionAttributeValues![':a0']]);
    // Fully paid: the payment settled the whole invoice (180,00 € base) in February; now in March.
    // The quarter does not change, so only the months move; the cash is new, in March and Q1.
    expect(aggregates).toEqual([
      [keys.taxAggregate(COMPANY, 'M', '2026-02', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, -18_000],
      [keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk, 18_000],
      [keys.taxAggregateCounterparty(COMPANY, 'M', '2026-03', 'ISSUED', '12345678Z', 'CASH@2026').sk, 0],
      [keys.taxAggregateCounterparty(COMPANY, 'Q', '2026-Q1', 'ISSUED', '12345678Z', 'CASH@2026').sk, 0],
    ]);
    const cash = transactions()
      .at(-1)!
      .find((i) => i.Update?.Key?.sk.endsWith('|CASH@2026'))!.Update!;
    expect(Object.values(cash.ExpressionAttributeValues!)).toEqual(expect.arrayContaining([21_780]));
  });

  it('refuses a correction above the invoice total', async () => {
    const res = await call({
      routeId: 'invoices.updatePayment',
      params: { invoiceId: 'orig1', paymentId: 'p1' },
      body: { amountCents: 21_781, paidAt: '2026-02-21', method: 'TRANSFER' },
    });
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
      details: { reason: 'OVERPAYMENT' },
    });
    expect(writes()).toBe(0);
  });
});

describe('complete invoices carry both domicilios (art. 6 RD 1619/2012)', () => {
  const draft = (over: Partial<InvoiceWithPayments> = {}) =>
    original({
      invoiceId: 'd1',
      status: 'DRAFT',
      number: null,
      invoiceNumber: null,
      series: null,
      seriesId: null,
      confirmedAt: null,
      ...over,
    });
  const confirm = () => call({ routeId: 'invoices.confirm', params: { invoiceId: 'd1' } });

  it('refuses an F1 while the company has no fiscal address, saying where to fill it', async () => {
    company = {
      ...issuerCompany,
      address: { street: '', postalCode: '', city: '', province: '', country: 'ES' },
    };
    stored(draft());

    const res = await confirm();

    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      message: 'Completa la dirección fiscal de tu empresa',
      details: { fix: 'COMPANY_ADDRESS', companyId: COMPANY, missing: ['street', 'postalCode', 'city'] },
    });
    expect(writes()).toBe(0);
  });

  it('refuses an F1 whose customer lacks its address (stored or typed); an F2 keeps its lighter rule', async () => {
    stored(draft({ customer: { ...customer, address: '', city: '' } }));
    const stored1 = await confirm();
    stored(draft({ customer: { ...customer, customerId: null, postalCode: '' } }));
    const inline = await confirm();
    stored(draft({ invoiceType: 'F2', customer: null }));
    const simplified = await confirm();

    expect(errorOf(stored1)).toMatchObject({
      message: 'Completa la dirección fiscal del cliente',
      details: { fix: 'CUSTOMER_ADDRESS', customerId: 'c1', missing: ['street', 'city'] },
    });
    expect(errorOf(inline)).toMatchObject({ details: { fix: 'INVOICE_CUSTOMER', invoiceId: 'd1' } });
    expect(simplified.status).toBe(200);
  });
});

describe('new invoices take the company defaults', () => {
  const body = {
    invoiceType: 'F1',
    invoiceDate: '2026-03-02',
    customer: { nif: '12345678Z', name: 'Cliente', address: 'Calle 1', postalCode: '28013', city: 'Madrid' },
    invoiceLines: [{ description: 'Servicio', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
  };

  it('due date = issue date + the default term, and the default method, when the body gives none', async () => {
    db.on(GetCommand, { Key: keys.companySettings(COMPANY) }).resolves({
      Item: { settings: { invoicing: { defaultPaymentTermsDays: 15, defaultPaymentMethod: 'CARD' } } },
    });

    const defaulted = await call<Invoice>({ routeId: 'invoices.create', body });
    const given = await call<Invoice>({
      routeId: 'invoices.create',
      body: { ...body, dueDate: '2026-03-05', paymentMethod: 'TRANSFER' },
    });

    expect(defaulted.envelope.data).toMatchObject({ dueDate: '2026-03-17', paymentMethod: 'CARD' });
    expect(given.envelope.data).toMatchObject({ dueDate: '2026-03-05', paymentMethod: 'TRANSFER' });
  });

  it('a defaulted CASH method is left out when the cash limit would refuse the total', async () => {
    db.on(GetCommand, { Key: keys.companySettings(COMPANY) }).resolves({
      Item: { settings: { invoicing: { defaultPaymentTermsDays: 0, defaultPaymentMethod: 'CASH' } } },
    });
    const big = { ...body, invoiceLines: [{ ...body.invoiceLines[0], unitPriceCents: 200_000 }] };

    const res = await call<Invoice>({ routeId: 'invoices.create', body: big });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({ dueDate: '2026-03-02', paymentMethod: null });
  });
});

describe('criterio de caja: what the writes leave equals the recompute (art. 163 terdecies.Dos LIVA)', () => {
  const aggPk = keys.taxAggregate(COMPANY, 'M', '2026-01', 'ISSUED', 'K', 'x').pk;
  const recc = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as InvoiceWithPayments['issuer'];
  let invoices: Map<string, Record<string, unknown>>;
  let payments: Map<string, Record<string, unknown>>;
  let aggregates: FakeAggregateTable;

  /** The transaction as DynamoDB leaves it (conditions are trusted: one writer at a time here). */
  function applyTransaction(input: TransactWriteCommandInput) {
    for (const t of input.TransactItems ?? []) {
      const item = t.Put?.Item;
      if (item?.entity === 'Invoice') invoices.set(String(item.invoiceId), item);
      if (item?.entity === 'InvoicePayment') payments.set(String(item.sk), item);
      if (t.Delete) payments.delete(String(t.Delete.Key!.sk));
      const u = t.Update;
      if (u?.Key?.pk === aggPk) aggregates.apply([t]);
      const target = [...invoices.values()].find((i) => i.pk === u?.Key?.pk && i.sk === u?.Key?.sk);
      if (target) {
        const v = u!.ExpressionAttributeValues!;
        if (':paidCents' in v) Object.assign(target, { paidCents: v[':paidCents'], paymentStatus: v[':ps'] });
        if (':sb' in v) Object.assign(target, { substitutedBy: v[':sb'], paidCents: 0 });
      }
    }
    return {};
  }

  /** What the nightly recompute finds: the books against the stored aggregates. */
  function recompute() {
    const stored = new Map<string, Record<string, number>>();
    for (const i of aggregates.items.values()) {
      const nums = Object.fromEntries(
        Object.entries(i).filter(([k, v]) => typeof v === 'number' && k !== 'v') as [string, number][],
      );
      if (Object.values(nums).some((n) => n !== 0)) stored.set(String(i.sk), nums);
    }
    return recomputeCompany(
      COMPANY,
      { issued: [...invoices.values()], received: [], payments: [...payments.values()] },
      stored,
    );
  }

  /** Σ of a CAJA key's VAT stored for a month. */
  const cajaVat = (month: string, key = 'CAJA|S1|2100|0') =>
    Number(
      aggregates.items.get(`${aggPk}\u0000${keys.taxAggregate(COMPANY, 'M', month, 'ISSUED', 'K', key).sk}`)
        ?.vatCents ?? 0,
    );

  beforeEach(() => {
    invoices = new Map();
    payments = new Map();
    aggregates = new FakeAggregateTable();
    company = { ...issuerCompany, fiscal: { ...issuerCompany.fiscal, vatRegime: 'CRITERIO_CAJA' } };
    db.on(TransactWriteCommand).callsFake(applyTransaction);
    for (const id of ['d1', 'orig1']) {
      db.on(GetCommand, { Key: keys.invoice(COMPANY, id) }).callsFake(() => ({ Item: invoices.get(id) }));
    }
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const prefix = String(input.ExpressionAttributeValues?.[':prefix'] ?? '');
      if (prefix === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
        return { Items: [{ purpose: 'RECTIFICATIVA', seriesId: 'r1' }] };
      }
      const Items = [...payments.values()]
        .filter((p) => String(p.sk).startsWith(prefix) && p.pk === input.ExpressionAttributeValues?.[':pk'])
        .sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));
      return { Items };
    });
  });

  it('confirm, a payment after the deadline, its date moved across it and its deletion', async () => {
    // Operation of 2024 (21,78 € with 37,80 € of VAT... 180,00 € base): due on 31/12/2025.
    invoices.set(
      'd1',
      invoiceItem(
        original({
          invoiceId: 'd1',
          status: 'DRAFT',
          invoiceDate: '2024-11-15',
          dueDate: '2024-12-15',
          number: null,
          invoiceNumber: null,
          series: null,
          seriesId: null,
          confirmedAt: null,
        }) as Invoice,
      ),
    );
    const ok = (res: { status: number; envelope: unknown }) => {
      expect(res.status, JSON.stringify(res.envelope)).toBeLessThan(300);
      expect(recompute()).toMatchObject({ result: 'OK', differences: [] });
    };

    ok(await call({ routeId: 'invoices.confirm', params: { invoiceId: 'd1' }, query: { series: 'f1' } }));
    expect(invoices.get('d1')).toMatchObject({ status: 'CONFIRMED', issuer: { vatRegime: 'CRITERIO_CAJA' } });
    expect(cajaVat('2025-12')).toBe(3_780);

    // Half before the deadline, the rest after it: the rest had accrued on 31/12/2025 already.
    ok(
      await call({
        routeId: 'invoices.addPayment',
        params: { invoiceId: 'd1' },
        body: { amountCents: 10_890, paidAt: '2025-06-30', method: 'TRANSFER' },
      }),
    );
    expect([cajaVat('2025-06'), cajaVat('2025-12')]).toEqual([1_890, 1_890]);
    ok(
      await call({
        routeId: 'invoices.addPayment',
        params: { invoiceId: 'd1' },
        body: { amountCents: 10_890, paidAt: '2026-02-20', method: 'CASH' },
      }),
    );
    expect([cajaVat('2025-06'), cajaVat('2025-12'), cajaVat('2026-02')]).toEqual([1_890, 1_890, 0]);
    const late = [...payments.values()].find((p) => p.paidAt === '2026-02-20')!;

    // Dated back before the deadline, it settles its share on its own date instead.
    ok(
      await call({
        routeId: 'invoices.updatePayment',
        params: { invoiceId: 'd1', paymentId: String(late.paymentId) },
        body: { amountCents: 10_890, paidAt: '2025-11-28', method: 'CASH', reason: 'Fecha' },
      }),
    );
    expect([cajaVat('2025-06'), cajaVat('2025-11'), cajaVat('2025-12')]).toEqual([1_890, 1_890, 0]);

    // Deleted: uncollected again, its share accrues at the deadline.
    ok(
      await call({
        routeId: 'invoices.deletePayment',
        params: { invoiceId: 'd1', paymentId: String(late.paymentId) },
      }),
    );
    expect([cajaVat('2025-06'), cajaVat('2025-11'), cajaVat('2025-12')]).toEqual([1_890, 0, 1_890]);
  });

  it('a substitution leaves the original with nothing and the substitute with its own deadline', async () => {
    invoices.set('orig1', invoiceItem(original({ issuer: recc }) as Invoice));
    const orig = () => invoices.get('orig1')!;
    // The confirmation as written (the original was confirmed through the same path).
    aggregates.apply(
      aggregateUpdateItems(
        TABLE,
        COMPANY,
        issuedContribution(orig() as never, 1),
        ...paymentContributions(orig() as never, [], 1),
      ),
    );
    expect(recompute()).toMatchObject({ result: 'OK' });
    const paid = await call({
      routeId: 'invoices.addPayment',
      params: { invoiceId: 'orig1' },
      body: { amountCents: 10_000, paidAt: '2026-02-20', method: 'TRANSFER' },
    });
    expect(paid.status).toBe(201);
    expect(recompute()).toMatchObject({ result: 'OK' });

    const res = await rectify({
      method: 'SUBSTITUTION',
      invoiceLines: [{ ...sameLine, unitPriceCents: 9_000, changed: true }],
    });

    expect(res.status, JSON.stringify(res.envelope)).toBe(201);
    const substitute = (res.envelope as { data: InvoiceView }).data;
    expect(orig()).toMatchObject({ substitutedBy: substitute.invoiceId });
    expect(invoices.get(substitute.invoiceId)).toMatchObject({ status: 'CONFIRMED', paidCents: 10_000 });
    expect([...payments.values()].map((p) => p.invoiceId)).toEqual([substitute.invoiceId]);
    expect(recompute()).toMatchObject({ result: 'OK', differences: [] });
    // 162,00 € at 21 % (34,02 € of VAT): 10,00 of 196,02 € collected in February (17,36 € of the
    // original's VAT stay there), re-based in March, the rest due on 31/12/2027.
    expect(cajaVat('2026-02') + cajaVat('2026-03') + cajaVat('2027-12')).toBe(3_402);
  });
});
