import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { CASH_LIMIT_MESSAGE } from './model/build-invoice';
import { customerItem } from './store/customers';
import { invoiceItem } from './store/invoices';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, USER } from './testing/harness';

const { db, call, transactions, resetIds } = invoicesHarness('inv');
const writes = () =>
  db.commandCalls(PutCommand).length +
  db.commandCalls(DeleteCommand).length +
  db.commandCalls(TransactWriteCommand).length;

const series: InvoiceSeries = {
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
};

const storedCustomer = (over: Partial<Customer> = {}): Customer => ({
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

const line = (over: Record<string, unknown> = {}) => ({
  description: 'Reparación',
  quantity: 2,
  unitPriceCents: 10_000,
  vatRateBp: 2100,
  ...over,
});

const body = (over: Record<string, unknown> = {}) => ({
  invoiceType: 'F1',
  invoiceDate: '2026-03-02',
  customer: {
    nif: '12345678Z',
    name: 'Ferretería López',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
  },
  invoiceLines: [line()],
  ...over,
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
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series) });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const prefix = input.ExpressionAttributeValues?.[':prefix'];
    if (prefix === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
      return { Items: [{ purpose: 'ORDINARY', seriesId: 'f1' }] };
    }
    return { Items: [] };
  });
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
});

describe('invoices: validation at the edge', () => {
  it('names the line field of a negative or over-precise quantity, writing nothing', async () => {
    const negative = await call({
      routeId: 'invoices.create',
      body: body({ invoiceLines: [line(), line({ quantity: -1 })] }),
    });
    const tooPrecise = await call({
      routeId: 'invoices.create',
      body: body({ invoiceLines: [line(), line({ quantity: '1.0005' })] }),
    });
    const zero = await call({
      routeId: 'invoices.create',
      body: body({ invoiceLines: [line({ quantity: 0 })] }),
    });

    expect(negative.status).toBe(400);
    expect(errorOf(negative)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines.1.quantity' });
    expect(errorOf(tooPrecise)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines.1.quantity' });
    expect(errorOf(zero)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines.0.quantity' });
    expect(writes()).toBe(0);
  });

  it('converts decimal quantities to thousandths exactly (no float drift)', async () => {
    const res = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({
        invoiceLines: [line({ quantity: 1.005, unitPriceCents: 100 }), line({ quantity: '0.1' })],
      }),
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data!.invoiceLines.map((l) => l.quantityMilli)).toEqual([1005, 100]);
    // 1.005 × 1,00 € = 1,005 € → 1,01 € (half-up once per line).
    expect(res.envelope.data!.invoiceLines[0]!.baseCents).toBe(101);
  });

  it('refuses a due date before the invoice date', async () => {
    const res = await call({ routeId: 'invoices.create', body: body({ dueDate: '2026-03-01' }) });

    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field: 'dueDate' });
    expect(writes()).toBe(0);
  });

  it('refuses a bad NIF, an unknown VAT rate and an F1 without an identified customer', async () => {
    const badNif = await call({
      routeId: 'invoices.create',
      body: body({ customer: { nif: '12345678A', name: 'X' } }),
    });
    const badRate = await call({
      routeId: 'invoices.create',
      body: body({ invoiceLines: [line(), line({ vatRateBp: 1800 })] }),
    });
    const anonymousF1 = await call({ routeId: 'invoices.create', body: body({ customer: undefined }) });

    expect(errorOf(badNif)).toMatchObject({ code: 'CORE_004', field: 'customer.nif' });
    expect(errorOf(badRate)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines.1.vatRateBp' });
    expect(errorOf(anonymousF1)).toMatchObject({ code: 'CORE_004', field: 'customer' });
    expect(writes()).toBe(0);
  });
});

describe('invoices: drafts', () => {
  it('stores a draft with the totals of computeInvoiceTotals, the date index and no number', async () => {
    const res = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({
        irpfRateBp: 1500,
        invoiceLines: [
          line(),
          line({ quantity: 1, unitPriceCents: 5000, vatRateBp: 0, exemptionCause: 'E1' }),
        ],
      }),
    });

    expect(res.status).toBe(201);
    // Bases 200,00 (21 %) + 50,00 (E1) = 250,00; IVA 42,00; IRPF 15 % of 250,00 = 37,50.
    expect(res.envelope.data).toMatchObject({
      invoiceId: 'inv1',
      status: 'DRAFT',
      series: null,
      number: null,
      totals: { baseCents: 25_000, vatCents: 4200, recargoCents: 0, irpfCents: 3750, totalCents: 25_450 },
    });
    // ONE transaction: the draft, and the list's counters (company, month, day) up by one.
    const [[put, ...counters] = []] = transactions();
    expect(put!.Put!.Item).toMatchObject({
      ...keys.invoice(COMPANY, 'inv1'),
      ...keys.invoiceByDate(COMPANY, '2026-03-02', 'inv1'),
      entity: 'Invoice',
    });
    expect(put!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(counters.map((c) => [c.Update!.Key, c.Update!.ExpressionAttributeValues![':delta']])).toEqual([
      [keys.invoiceCountAll(COMPANY), 1],
      [keys.invoiceCountMonth(COMPANY, '2026-03'), 1],
      [keys.invoiceCountDay(COMPANY, '2026-03-02'), 1],
    ]);
  });

  it("keeps a snapshot of the stored customer's data and applies recargo to a retailer in the regime", async () => {
    const retailer = storedCustomer({ taxId: '00000000T', vatTreatment: 'RECARGO_EQUIVALENCIA' });
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({ Item: customerItem(retailer) });

    const res = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({ customer: undefined, customerId: 'c1' }),
    });

    const inv = res.envelope.data!;
    expect(inv.customer).toEqual({
      customerId: 'c1',
      name: 'Ferretería López',
      taxId: '00000000T',
      address: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      country: 'ES',
      vatTreatment: 'RECARGO_EQUIVALENCIA',
    });
    // 200,00 at 21 % with 5,2 % recargo (art. 161 LIVA).
    expect(inv.totals).toEqual({
      baseCents: 20_000,
      vatCents: 4200,
      recargoCents: 1040,
      irpfCents: 0,
      totalCents: 25_240,
    });
    expect(inv.invoiceLines[0]!.recargo).toBe(true);
    expect(inv.legalMentions).toContain('Recargo de equivalencia');
  });

  it('takes a triangular operation only as an E5 delivery to a customer of another member state (349 key T)', async () => {
    const french = {
      idOtro: { type: 'NIF_IVA', value: 'FR40303265045', country: 'FR' },
      name: 'Outils du Rhône SARL',
      country: 'FR',
    };
    const e5 = line({ quantity: 1, unitPriceCents: 50_000, vatRateBp: 0, exemptionCause: 'E5' });
    const domestic = await call({ routeId: 'invoices.create', body: body({ triangular: true }) });
    expect(domestic.status).toBe(400);
    expect(errorOf(domestic)).toMatchObject({ code: 'CORE_004', field: 'triangular' });
    expect(writes()).toBe(0);

    const ok = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({ triangular: true, customer: french, invoiceLines: [e5] }),
    });
    expect(ok.status).toBe(201);
    expect(ok.envelope.data!.triangular).toBe(true);

    // A customer given only by its NIF-IVA is of that id's country (303 [59] and the 349, not a Spanish sale).
    const { country: _fr, ...byVatNumberOnly } = french;
    const eu = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({ customer: byVatNumberOnly, invoiceLines: [e5] }),
    });
    expect(eu.status).toBe(201);
    expect(eu.envelope.data!.customer?.country).toBe('FR');
  });

  it('refuses a cash payment of 1.000 € or more (Ley 11/2021) and accepts one just below', async () => {
    const atLimit = await call({
      routeId: 'invoices.create',
      body: body({
        paymentMethod: 'CASH',
        invoiceLines: [line({ quantity: 1, unitPriceCents: 100_000, vatRateBp: 0, exemptionCause: 'E1' })],
      }),
    });
    expect(atLimit.status).toBe(400);
    expect(errorOf(atLimit)).toMatchObject({
      code: 'CORE_004',
      field: 'paymentMethod',
      message: CASH_LIMIT_MESSAGE,
    });
    expect(writes()).toBe(0);

    const below = await call({
      routeId: 'invoices.create',
      body: body({
        paymentMethod: 'CASH',
        invoiceLines: [line({ quantity: 1, unitPriceCents: 99_999, vatRateBp: 0, exemptionCause: 'E1' })],
      }),
    });
    expect(below.status).toBe(201);
  });

  it('lets an F2 omit the customer up to 400 € VAT included and refuses it above (art. 4 RD 1619/2012)', async () => {
    // 330,58 + 21 % = 400,00 (69,42 of VAT).
    const atLimit = await call<Invoice>({
      routeId: 'invoices.create',
      body: body({
        invoiceType: 'F2',
        customer: undefined,
        invoiceLines: [line({ quantity: 1, unitPriceCents: 33_058 })],
      }),
    });
    const above = await call({
      routeId: 'invoices.create',
      body: body({
        invoiceType: 'F2',
        customer: undefined,
        invoiceLines: [line({ quantity: 1, unitPriceCents: 33_059 })],
      }),
    });

    expect(atLimit.status).toBe(201);
    expect(atLimit.envelope.data!.totals.totalCents).toBe(40_000);
    expect(atLimit.envelope.data!.customer).toBeNull();
    expect(above.status).toBe(400);
    expect(errorOf(above)).toMatchObject({ code: 'CORE_004', field: 'invoiceType' });
  });

  it('lists by one Query on the date index, newest first', async () => {
    const res = await call({ routeId: 'invoices.list', query: { from: '2026-01-01', to: '2026-03-31' } });

    expect(res.status).toBe(200);
    const q = db.commandCalls(QueryCommand).find((c) => c.args[0].input.IndexName === 'gsi1')!.args[0].input;
    expect(q.ExpressionAttributeValues).toMatchObject({
      ':pk': keys.invoiceByDatePartition(COMPANY).gsi1pk,
      ':from': '2026-01-01',
      ':to': '2026-03-31#~',
    });
    expect(q.ScanIndexForward).toBe(false);
  });
});

const draftInvoice = async (): Promise<Invoice> => {
  const res = await call<Invoice>({ routeId: 'invoices.create', body: body() });
  return res.envelope.data!;
};

describe('invoices: confirmation', () => {
  it('confirms in ONE transaction: invoice, number claim, series use and INVOICE_CONFIRMED event', async () => {
    const draft = await draftInvoice();
    db.on(GetCommand, { Key: keys.invoice(COMPANY, draft.invoiceId) }).resolves({ Item: invoiceItem(draft) });

    const res = await call<Invoice>({ routeId: 'invoices.confirm', params: { invoiceId: draft.invoiceId } });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      status: 'CONFIRMED',
      series: 'F',
      number: 1,
      invoiceNumber: 'F-2026-0001',
      confirmedAt: T0.toISOString(),
      // The issuer as it is now is frozen into the invoice; not in the SII → no SII state.
      issuer: { name: issuerCompany.name, nif: issuerCompany.nif, city: 'Valencia', vatRegime: 'GENERAL' },
      siiStatus: null,
    });
    // The draft's own write counted it; confirming it leaves the list's counters alone.
    const [, items, ...rest] = transactions();
    expect(rest).toHaveLength(0);
    expect(items!.some((i) => i.Update?.Key?.pk === keys.invoiceCountAll(COMPANY).pk)).toBe(false);
    expect(items![0]!.Put!.ConditionExpression).toContain('#status = :draft');
    expect(items![1]!.Update!.Key).toEqual(keys.invoiceNumberCounter(COMPANY, 'f1', 2026));
    expect(items![2]!.Update!.Key).toEqual(keys.invoiceSeries(COMPANY, 'f1'));
    expect(items![3]!.Put!.Item).toMatchObject({
      ...keys.invoiceEvent(COMPANY, draft.invoiceId, 'INVOICE_CONFIRMED'),
      entity: 'InvoiceEvent',
      kind: 'INVOICE_CONFIRMED',
      invoiceNumber: 'F-2026-0001',
      totals: draft.totals,
      // Consumers (SII, accounting) never read the invoice.
      breakdown: draft.breakdown,
      customer: draft.customer,
      issuer: { nif: issuerCompany.nif },
      rectification: null,
      siiStatus: null,
    });
    // Then the tax aggregates, in the same transaction: per VAT group (a Spanish customer, an
    // ordinary invoice, the general regime), per type and per customer operation (347B) in the month
    // and the quarter; all ADDs without condition.
    const month = draft.invoiceDate.slice(0, 7);
    const quarter = `${draft.invoiceDate.slice(0, 4)}-Q${Math.ceil(Number(draft.invoiceDate.slice(5, 7)) / 3)}`;
    const groups = draft.breakdown.map((g) => `${g.operation}|${g.vatRateBp}|${g.recargoRateBp}|ES|0|G`);
    expect(groups.length).toBeGreaterThan(0);
    const aggregateCount = 2 * (groups.length + (draft.totals.irpfCents ? 1 : 0) + 1 + 1);
    // Then the VeriFacTu registro de alta (RD 1007/2023): record, submission, chain head, stats.
    expect(items).toHaveLength(4 + aggregateCount + 4);
    const aggregates = items!.slice(4, 4 + aggregateCount).map((i) => i.Update!);
    const [record, submission, head, stats] = items!.slice(4 + aggregateCount);
    expect(record!.Put!.Item).toMatchObject({
      ...keys.verifactuRecord(COMPANY, 1),
      ...keys.verifactuRecordByInvoice(COMPANY, draft.invoiceId, 1),
      entity: 'VerifactuRecord',
      kind: 'ALTA',
      operation: 'ALTA',
      invoiceNumber: 'F-2026-0001',
      previousHuella: null,
      fields: {
        IDFactura: { IDEmisorFactura: issuerCompany.nif, NumSerieFactura: 'F-2026-0001' },
        Encadenamiento: { PrimerRegistro: 'S' },
      },
    });
    expect(record!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(submission!.Put!.Item).toMatchObject({ entity: 'VerifactuSubmission', status: 'QUEUED', seq: 1 });
    expect(head!.Put!).toMatchObject({
      Item: { ...keys.verifactuChainHead(COMPANY), seq: 1 },
      ConditionExpression: 'attribute_not_exists(#seq)',
    });
    expect(stats!.Update!.Key).toEqual(keys.verifactuStats(COMPANY));
    const sks = aggregates.map((u) => u.Key!.sk);
    for (const g of groups) {
      // In the series' own shard: confirmations in other series never contend on these items.
      expect(sks).toContain(keys.taxAggregate(COMPANY, 'M', month, 'ISSUED', 'K', g, 'f1').sk);
      expect(sks).toContain(keys.taxAggregate(COMPANY, 'Q', quarter, 'ISSUED', 'K', g, 'f1').sk);
    }
    const first = aggregates.find(
      (u) => u.Key!.sk === keys.taxAggregate(COMPANY, 'Q', quarter, 'ISSUED', 'K', groups[0]!, 'f1').sk,
    )!;
    expect(first.ConditionExpression).toBeUndefined();
    expect(Object.values(first.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining([draft.breakdown[0]!.baseCents, draft.breakdown[0]!.vatCents, 1]),
    );
  });

  it('claims the number again after losing a race', async () => {
    db.on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'cancelled',
          $metadata: {},
          CancellationReasons: [
            { Code: 'None' },
            { Code: 'ConditionalCheckFailed' },
            { Code: 'None' },
            { Code: 'None' },
          ],
        }),
      )
      .resolves({});
    db.on(GetCommand, { Key: keys.invoiceNumberCounter(COMPANY, 'f1', 2026) })
      .resolvesOnce({})
      .resolves({ Item: { last: 1 } });

    const res = await call<Invoice>({ routeId: 'invoices.createAndConfirm', body: body() });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({ number: 2, invoiceNumber: 'F-2026-0002' });
    expect(transactions()).toHaveLength(2);
    expect(transactions()[1]![0]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    // A new confirmed invoice enters the list's counters in its confirming transaction.
    expect(
      transactions()[1]!.filter((i) => i.Update?.Key?.pk === keys.invoiceCountAll(COMPANY).pk).length,
    ).toBe(3);
  });

  it('create-and-confirm with ?confirm=false leaves a draft: no number claimed, no event', async () => {
    const res = await call<Invoice>({
      routeId: 'invoices.createAndConfirm',
      query: { confirm: 'false' },
      body: body(),
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({ status: 'DRAFT', number: null, invoiceNumber: null });
    // One write: the draft with its counters, no number claim and no event.
    expect(transactions()).toHaveLength(1);
    expect(transactions()[0]!.map((i) => (i.Put ? 'Put' : i.Update!.Key!.sk))).toEqual([
      'Put',
      'ALL',
      'M#2026-03',
      'D#2026-03-02',
    ]);
  });

  it('refuses PUT and DELETE on a confirmed invoice with 409 DOC_047 and writes nothing (art. 6 RD 1619/2012)', async () => {
    const confirmed = (await call<Invoice>({ routeId: 'invoices.createAndConfirm', body: body() })).envelope
      .data!;
    db.resetHistory();
    db.on(GetCommand, { Key: keys.invoice(COMPANY, confirmed.invoiceId) }).resolves({
      Item: invoiceItem(confirmed),
    });

    const put = await call({
      routeId: 'invoices.update',
      params: { invoiceId: confirmed.invoiceId },
      body: body(),
    });
    const del = await call({ routeId: 'invoices.delete', params: { invoiceId: confirmed.invoiceId } });
    const again = await call({ routeId: 'invoices.confirm', params: { invoiceId: confirmed.invoiceId } });

    for (const res of [put, del, again]) {
      expect(res.status).toBe(409);
      expect(errorOf(res)?.code).toBe('DOC_047');
    }
    expect(writes()).toBe(0);
  });

  it('confirms a draft in the series chosen when it was created, not the default', async () => {
    const other: InvoiceSeries = { ...series, seriesId: 'g1', code: 'G' };
    db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'g1') }).resolves({ Item: seriesItem(other) });
    const draft = (await call<Invoice>({ routeId: 'invoices.create', query: { series: 'g1' }, body: body() }))
      .envelope.data!;
    expect(draft).toMatchObject({ series: null, number: null, requestedSeriesId: 'g1' });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, draft.invoiceId) }).resolves({ Item: invoiceItem(draft) });

    const res = await call<Invoice>({ routeId: 'invoices.confirm', params: { invoiceId: draft.invoiceId } });

    expect(res.envelope.data).toMatchObject({ series: 'G', seriesId: 'g1', invoiceNumber: 'G-2026-0001' });
  });

  it('uses ?series= by code and refuses an unknown series before writing', async () => {
    db.on(GetCommand, { Key: keys.invoiceSeriesCodeClaim(COMPANY, 'F') }).resolves({
      Item: { seriesId: 'f1' },
    });

    const byCode = await call<Invoice>({
      routeId: 'invoices.createAndConfirm',
      query: { series: 'f' },
      body: body(),
    });
    const unknown = await call({
      routeId: 'invoices.createAndConfirm',
      query: { series: 'ZZ' },
      body: body(),
    });

    expect(byCode.envelope.data).toMatchObject({ series: 'F', seriesId: 'f1' });
    expect(errorOf(unknown)).toMatchObject({ code: 'CORE_004', field: 'series' });
    expect(transactions()).toHaveLength(1);
  });
});
