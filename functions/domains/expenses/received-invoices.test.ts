import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { receivedContribution } from '@shared/fiscal/tax-aggregates';
import type {
  ExpenseCategoryCount,
  ExpenseCategoryTotals,
  ExpenseTotals,
  ReceivedInvoice,
} from '@shared/schemas/received-invoices';
import { describe, expect, it } from 'vitest';
import { categoryItem } from './store/categories';
import { receivedInvoiceItem } from './store/received-invoices';
import { supplierItem } from './store/suppliers';
import {
  COMPANY,
  call,
  cancelled,
  db,
  T0,
  TABLE,
  transactions,
  USER,
  useExpensesHarness,
} from './testing/harness';

useExpensesHarness();

const supplier = supplierItem({
  supplierId: 's1',
  companyId: COMPANY,
  name: 'Eléctrica Peñalara SL',
  taxId: 'B12345674',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
});

const category = (categoryId: string, isActive = true, order = 0) =>
  categoryItem({
    categoryId,
    companyId: COMPANY,
    name: `Cat ${categoryId}`,
    pgcAccount: '628',
    deductibleBp: 10_000,
    order,
    isActive,
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
  });

const body = (over: Record<string, unknown> = {}) => ({
  supplierId: 's1',
  supplierInvoiceNumber: 'F-2026/0042',
  issueDate: '2026-02-27',
  accountingDate: '2026-03-02',
  lines: [
    // 3 × 333.33 € at 21 % and 1.5 × 0.33 € (0.495 -> 0.50) in the same group: 1,000.49 € -> 210.10 €
    { description: 'Material de fontanería', quantity: '3', unitPriceCents: 33_333, vatRateBp: 2100 },
    { description: 'Juntas', quantity: 1.5, unitPriceCents: 33, vatRateBp: 2100 },
    // car renting, 50 % deductible: 400.01 € -> quota 84.00 €, deductible 42.00 €
    {
      description: 'Renting furgoneta',
      quantity: 1,
      unitPriceCents: 40_001,
      vatRateBp: 2100,
      deductibleBp: 5000,
    },
  ],
  irpfRateBp: 1500,
  expenseCategoryId: 'cat1',
  ...over,
});

const withSupplier = () =>
  db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: supplier });

/** Registers through the route and returns what was stored, then forgets the calls. */
async function registered(over: Record<string, unknown> = {}): Promise<ReceivedInvoice> {
  withSupplier();
  const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: body(over) });
  expect(res.status).toBe(201);
  const rec = res.envelope.data!;
  db.resetHistory();
  return rec;
}

const stored = (rec: ReceivedInvoice) =>
  db
    .on(GetCommand, { Key: keys.receivedInvoice(COMPANY, rec.receivedInvoiceId) })
    .resolves({ Item: receivedInvoiceItem(rec) });

const errorOf = (res: { envelope: { error?: unknown } }) => res.envelope.error as Record<string, unknown>;

type Items = ReturnType<typeof transactions>[number];

/**
 * Every change of the book carries its event last (issue 18: every company's, for the accounting);
 * a company outside the SII (no SII state) marks it `reportsSii: false`. Answers the other items.
 */
function withoutEvent(items: Items, kind: string, receivedInvoiceId = 'id1'): Items {
  expect(items.at(-1)!.Put).toMatchObject({
    Item: {
      entity: 'ReceivedInvoiceEvent',
      kind,
      companyId: COMPANY,
      receivedInvoiceId,
      siiStatus: null,
      reportsSii: false,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return items.slice(0, -1);
}

describe('received invoices: register', () => {
  it('computes the exact totals and writes invoice, number claim, counter and aggregates in ONE transaction', async () => {
    withSupplier();
    const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: body() });

    expect(res.status).toBe(201);
    const rec = res.envelope.data!;
    expect(rec).toMatchObject({
      receivedInvoiceId: 'id1',
      supplier: { supplierId: 's1', name: 'Eléctrica Peñalara SL', taxId: 'B12345674', country: 'ES' },
      accountingDate: '2026-03-02',
      approvalStatus: 'PENDING',
      approval: null,
      version: 1,
      createdBy: USER,
    });
    expect(rec.lines[0]!.quantityMilli).toBe(3000);
    expect(rec.totals).toMatchObject({
      baseCents: 140_050,
      vatCents: 29_410,
      supplierVatCents: 29_410,
      deductibleVatCents: 25_210,
      recargoCents: 0,
      irpfCents: 21_008, // 15 % of 1,400.50 € = 210.075 -> 210.08 €
      totalCents: 140_050 + 29_410 - 21_008,
    });

    const all = transactions();
    expect(all).toHaveLength(1);
    const items = withoutEvent(all[0]!, 'RECEIVED_REGISTERED');
    expect(items[0]!.Put).toMatchObject({
      Item: {
        ...keys.receivedInvoice(COMPANY, 'id1'),
        ...keys.receivedInvoiceByDate(COMPANY, '2026-03-02', 'id1'),
        entity: 'ReceivedInvoice',
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]!.Put).toMatchObject({
      Item: {
        ...keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'F-2026/0042'),
        receivedInvoiceId: 'id1',
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[2]!.ConditionCheck?.Key).toEqual(keys.expenseCategory(COMPANY, 'cat1'));
    expect(items[3]!.Update?.Key).toEqual(keys.receivedInvoiceCategoryCount(COMPANY, 'cat1'));
    const aggregates = aggregateUpdateItems(
      TABLE,
      COMPANY,
      receivedContribution(toReceivedForAggregates(rec), 1),
    );
    expect(aggregates.length).toBeGreaterThan(0);
    expect(items.slice(4)).toEqual(aggregates);
  });

  it('self-assesses intra-EU VAT: counted as quota and deductible, not payable to the supplier', async () => {
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: body({
        supplierId: undefined,
        supplier: { name: 'Bauteile GmbH', taxId: { type: 'NIF_IVA', value: 'DE123456789', country: 'de' } },
        lines: [
          {
            description: 'Válvulas',
            quantity: 10,
            unitPriceCents: 1234,
            vatRateBp: 2100,
            kind: 'INTRA_EU_GOODS',
          },
        ],
        irpfRateBp: 0,
        expenseCategoryId: undefined,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data!.supplier).toEqual({
      supplierId: null,
      name: 'Bauteile GmbH',
      taxId: { type: 'NIF_IVA', value: 'DE123456789', country: 'DE' },
      country: 'DE',
    });
    expect(res.envelope.data!.totals).toMatchObject({
      baseCents: 12_340,
      vatCents: 2591, // 2,591.4 -> 2,591
      selfAssessedVatCents: 2591,
      deductibleVatCents: 2591,
      supplierVatCents: 0,
      totalCents: 12_340,
    });
    const items = transactions()[0]!;
    // uncategorised counter, no category check
    expect(items.some((i) => i.ConditionCheck)).toBe(false);
    expect(items[2]!.Update?.Key).toEqual(keys.receivedInvoiceCategoryCount(COMPANY, null));
  });

  it('links inline supplier data to the stored supplier with the same NIF', async () => {
    db.on(GetCommand, { Key: keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674') }).resolves({
      Item: { supplierId: 's1' },
    });
    withSupplier();
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: body({ supplierId: undefined, supplier: { name: 'Peñalara', taxId: 'b-1234567-4' } }),
    });
    expect(res.envelope.data!.supplier).toEqual({
      supplierId: 's1',
      name: 'Peñalara',
      taxId: 'B12345674',
      country: 'ES',
    });
  });

  it.each([
    [
      'an invalid NIF',
      { supplierId: undefined, supplier: { name: 'X', taxId: '12345678A' } },
      'supplier.taxId',
    ],
    ['no supplier', { supplierId: undefined }, 'supplierId'],
    ['no lines', { lines: [] }, 'lines'],
    [
      'VAT on an exempt line',
      {
        lines: [{ description: 'Seguro', quantity: 1, unitPriceCents: 100, vatRateBp: 2100, kind: 'EXEMPT' }],
      },
      'lines.0.vatRateBp',
    ],
    [
      'a recargo rate not linked to the VAT rate',
      {
        lines: [{ description: 'Pan', quantity: 1, unitPriceCents: 100, vatRateBp: 400, recargoRateBp: 520 }],
      },
      'lines.0.recargoRateBp',
    ],
    [
      'a deductible share over 100 %',
      {
        lines: [
          { description: 'Coche', quantity: 1, unitPriceCents: 100, vatRateBp: 2100, deductibleBp: 10_001 },
        ],
      },
      'lines.0.deductibleBp',
    ],
    ['an accounting date before the issue date', { accountingDate: '2026-02-01' }, 'accountingDate'],
  ])('refuses %s with CORE_004 naming the field, writing nothing', async (_, over, field) => {
    withSupplier();
    const res = await call({ routeId: 'receivedInvoices.create', body: body(over) });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses an unknown supplier id, writing nothing', async () => {
    const res = await call({ routeId: 'receivedInvoices.create', body: body() });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field: 'supplierId' });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a duplicate supplier number (the transaction is cancelled at the claim)', async () => {
    withSupplier();
    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    db.on(GetCommand, {
      Key: keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'F-2026/0042'),
    }).resolves({ Item: { receivedInvoiceId: 'other' } });

    const res = await call({ routeId: 'receivedInvoices.create', body: body() });

    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'supplierInvoiceNumber',
      details: { reason: 'DUPLICATE_SUPPLIER_NUMBER', receivedInvoiceId: 'other' },
    });
  });

  it('retries a transaction that collided on the shared aggregate items, then succeeds', async () => {
    withSupplier();
    db.on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'None', 'None', 'TransactionConflict'))
      .resolves({});
    const res = await call({ routeId: 'receivedInvoices.create', body: body() });
    expect(res.status).toBe(201);
    const [first, second] = transactions();
    expect(second).toEqual(first);
  });

  it('refuses a deleted category (cancelled at its check)', async () => {
    withSupplier();
    db.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    const res = await call({ routeId: 'receivedInvoices.create', body: body() });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      field: 'expenseCategoryId',
      details: { reason: 'UNKNOWN_CATEGORY' },
    });
  });

  it('records who approved when the invoice is registered already approved', async () => {
    withSupplier();
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: body({ approvalStatus: 'APPROVED' }),
    });
    expect(res.envelope.data).toMatchObject({
      approvalStatus: 'APPROVED',
      approval: { status: 'APPROVED', decidedBy: USER, decidedAt: T0.toISOString() },
    });
  });
});

describe('received invoices: correct and delete', () => {
  it('a correction is one transaction on the version read: old contribution out, new in, claim moved', async () => {
    const old = await registered();
    stored(old);
    withSupplier();

    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: body({
        supplierInvoiceNumber: 'F-2026/0043',
        accountingDate: '2026-04-01',
        lines: [{ description: 'Material', quantity: 1, unitPriceCents: 10_000, vatRateBp: 1000 }],
      }),
    });

    expect(res.status).toBe(200);
    const next = res.envelope.data!;
    expect(next).toMatchObject({ version: 2, totals: { baseCents: 10_000, vatCents: 1000 } });
    const all = transactions();
    expect(all).toHaveLength(1);
    const items = withoutEvent(all[0]!, 'RECEIVED_UPDATED', old.receivedInvoiceId);
    expect(items[0]!.Put).toMatchObject({
      Item: { ...keys.receivedInvoiceByDate(COMPANY, '2026-04-01', old.receivedInvoiceId), version: 2 },
      // The version read, and the SII state read (none: never overwrite one an SII worker set meanwhile).
      ConditionExpression:
        'version = :seen AND (attribute_not_exists(siiStatus) OR attribute_type(siiStatus, :nullType))',
      ExpressionAttributeValues: { ':seen': 1, ':nullType': 'NULL' },
    });
    expect(items[1]!.Put!.Item).toMatchObject(
      keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'F-2026/0043'),
    );
    expect(items[2]!.Delete!.Key).toEqual(
      keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'F-2026/0042'),
    );
    // Same category: no counter items. Aggregates: −old +new, merged by the aggregates store.
    expect(items.slice(3)).toEqual(
      aggregateUpdateItems(
        TABLE,
        COMPANY,
        receivedContribution(toReceivedForAggregates(old), -1),
        receivedContribution(toReceivedForAggregates(next), 1),
      ),
    );
  });

  it('a correction that changes nothing fiscal writes only the invoice and its event', async () => {
    const old = await registered();
    stored(old);
    withSupplier();
    await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: body({ notes: 'Revisada' }),
    });
    expect(withoutEvent(transactions()[0]!, 'RECEIVED_UPDATED', old.receivedInvoiceId)).toHaveLength(1);
  });

  it('a concurrent change refuses the correction (cancelled at the invoice)', async () => {
    const old = await registered();
    stored(old);
    withSupplier();
    db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const res = await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: body({ notes: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', details: { reason: 'CONCURRENT_UPDATE' } });
  });

  it('delete removes the invoice, its claim, its count and its contribution in one transaction, with its event', async () => {
    const old = await registered();
    stored(old);
    const res = await call({
      routeId: 'receivedInvoices.delete',
      params: { receivedInvoiceId: old.receivedInvoiceId },
    });
    expect(res.status).toBe(200);
    const items = withoutEvent(transactions()[0]!, 'RECEIVED_DELETED', old.receivedInvoiceId);
    // The event carries the invoice as it was last stored.
    expect(transactions()[0]!.at(-1)!.Put!.Item).toMatchObject({ receivedInvoice: { version: 1 } });
    expect(items[0]!.Delete).toMatchObject({
      Key: keys.receivedInvoice(COMPANY, old.receivedInvoiceId),
      ExpressionAttributeValues: { ':seen': 1 },
    });
    expect(items[0]!.Delete!.ConditionExpression).toMatch(/^version = :seen AND /);
    expect(items[1]!.Delete!.Key).toEqual(
      keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'F-2026/0042'),
    );
    expect(items[2]!.Update).toMatchObject({
      Key: keys.receivedInvoiceCategoryCount(COMPANY, 'cat1'),
      ExpressionAttributeValues: { ':d': -1 },
    });
    expect(items.slice(3)).toEqual(
      aggregateUpdateItems(TABLE, COMPANY, receivedContribution(toReceivedForAggregates(old), -1)),
    );
  });

  it('an unknown id is 404', async () => {
    const res = await call({ routeId: 'receivedInvoices.get', params: { receivedInvoiceId: 'nope' } });
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('CORE_006');
  });
});

describe('received invoices: approval and category', () => {
  it('PENDING -> REJECTED records who, when and why; the aggregates are not touched (the event says it)', async () => {
    const old = await registered();
    stored(old);
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.setApproval',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: { status: 'REJECTED', comment: 'Importe incorrecto' },
    });
    expect(res.envelope.data).toMatchObject({
      approvalStatus: 'REJECTED',
      approval: {
        status: 'REJECTED',
        comment: 'Importe incorrecto',
        decidedBy: USER,
        decidedAt: T0.toISOString(),
      },
      version: 2,
    });
    expect(withoutEvent(transactions()[0]!, 'RECEIVED_UPDATED', old.receivedInvoiceId)).toHaveLength(1);
  });

  it('a rejection needs a comment, and a decided invoice is not decided again', async () => {
    const old = await registered({ approvalStatus: 'APPROVED' });
    stored(old);
    const noComment = await call({
      routeId: 'receivedInvoices.setApproval',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: { status: 'REJECTED' },
    });
    expect(errorOf(noComment)).toMatchObject({ code: 'CORE_004', field: 'comment' });
    const again = await call({
      routeId: 'receivedInvoices.setApproval',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: { status: 'REJECTED', comment: 'x' },
    });
    expect(errorOf(again)).toMatchObject({ details: { reason: 'APPROVAL_ALREADY_DECIDED' } });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('assigning a category checks it and moves the counters in the invoice write', async () => {
    const old = await registered();
    stored(old);
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.assignCategory',
      params: { receivedInvoiceId: old.receivedInvoiceId },
      body: { categoryId: 'cat2' },
    });
    expect(res.envelope.data!.expenseCategoryId).toBe('cat2');
    const items = withoutEvent(transactions()[0]!, 'RECEIVED_UPDATED', old.receivedInvoiceId);
    expect(items).toHaveLength(5);
    // Issue 17: the category is learned for the supplier's next invoice, in the same transaction.
    expect(items[1]!.Put!.Item).toMatchObject({
      ...keys.supplierLearnedCategory(COMPANY, 'ES:NIF:B12345674'),
      categoryId: 'cat2',
      receivedInvoiceId: old.receivedInvoiceId,
    });
    expect(items[2]!.ConditionCheck!.Key).toEqual(keys.expenseCategory(COMPANY, 'cat2'));
    expect(items[3]!.Update).toMatchObject({
      Key: keys.receivedInvoiceCategoryCount(COMPANY, 'cat2'),
      ExpressionAttributeValues: { ':d': 1 },
    });
    expect(items[4]!.Update).toMatchObject({
      Key: keys.receivedInvoiceCategoryCount(COMPANY, 'cat1'),
      ExpressionAttributeValues: { ':d': -1 },
    });
  });
});

describe('received invoices: lists, totals and counts', () => {
  async function twoInvoices() {
    const a = await registered();
    const b = await registered({
      supplierInvoiceNumber: 'B-7',
      accountingDate: '2026-03-10',
      expenseCategoryId: undefined,
      irpfRateBp: 0,
      lines: [{ description: 'Gasoil', quantity: 1, unitPriceCents: 5000, vatRateBp: 2100 }],
    });
    const approvedB: ReceivedInvoice = { ...b, approvalStatus: 'APPROVED' };
    db.on(QueryCommand, { IndexName: 'gsi1' }).resolves({
      Items: [approvedB, a].map(receivedInvoiceItem),
    });
    db.on(QueryCommand, { ExpressionAttributeValues: { ':prefix': 'EXPCAT#' } }).resolves({
      Items: [category('cat1'), category('cat2', true, 1)],
    });
    return { a, b: approvedB };
  }

  it('lists by book date with one gsi1 Query, filters in memory and pages', async () => {
    const { a } = await twoInvoices();
    const res = await call<Page<ReceivedInvoice>>({
      routeId: 'receivedInvoices.list',
      query: { from: '2026-03-01', to: '2026-03-31', search: 'fontaneria', size: '1' },
    });
    expect(res.envelope.data).toMatchObject({ totalElements: 1, size: 1 });
    expect(res.envelope.data!.content[0]!.receivedInvoiceId).toBe(a.receivedInvoiceId);
    const [query] = db.commandCalls(QueryCommand);
    expect(query!.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.receivedInvoiceByDatePartition(COMPANY).gsi1pk,
        ':from': '2026-03-01',
        ':to': '2026-03-31#~',
      },
    });

    const byCompany = await call<Page<ReceivedInvoice>>({
      routeId: 'receivedInvoices.listByCompany',
      params: { companyId: COMPANY },
      query: { expenseCategoryId: 'cat1' },
      headers: { 'x-company-id': '' },
    });
    expect(byCompany.envelope.data!.content.map((r) => r.receivedInvoiceId)).toEqual([a.receivedInvoiceId]);
  });

  it('totals and by-category add the invoices of the period, filtered by approval type', async () => {
    const { a, b } = await twoInvoices();
    const all = await call<ExpenseTotals>({ routeId: 'expenses.totals', query: { from: '2026-03-01' } });
    expect(all.envelope.data).toEqual({
      from: '2026-03-01',
      to: null,
      type: 'ALL',
      count: 2,
      baseCents: a.totals.baseCents + 5000,
      vatCents: a.totals.vatCents + 1050,
      deductibleVatCents: a.totals.deductibleVatCents + 1050,
      recargoCents: 0,
      irpfCents: a.totals.irpfCents,
      totalCents: a.totals.totalCents + b.totals.totalCents,
    });
    const approved = await call<ExpenseTotals>({ routeId: 'expenses.totals', query: { type: 'APPROVED' } });
    expect(approved.envelope.data).toMatchObject({ count: 1, baseCents: 5000, totalCents: 6050 });

    const byCategory = await call<ExpenseCategoryTotals[]>({ routeId: 'expenses.byCategory' });
    expect(byCategory.envelope.data).toEqual([
      expect.objectContaining({
        categoryId: 'cat1',
        name: 'Cat cat1',
        count: 1,
        baseCents: a.totals.baseCents,
      }),
      expect.objectContaining({ categoryId: null, name: null, count: 1, baseCents: 5000 }),
    ]);
  });

  it('counts come from the per-category counters (active categories, then the uncategorised)', async () => {
    db.on(QueryCommand, { ExpressionAttributeValues: { ':prefix': 'EXPCAT#' } }).resolves({
      Items: [category('cat1'), category('cat2', true, 1), category('old', false, 2)],
    });
    db.on(QueryCommand, { ExpressionAttributeValues: { ':prefix': 'RECINVCAT#' } }).resolves({
      Items: [
        { categoryId: 'cat1', count: 3 },
        { categoryId: null, count: 2 },
      ],
    });
    const res = await call<ExpenseCategoryCount[]>({ routeId: 'expenseCategories.counts' });
    expect(res.envelope.data).toEqual([
      { categoryId: 'cat1', name: 'Cat cat1', count: 3 },
      { categoryId: 'cat2', name: 'Cat cat2', count: 0 },
      { categoryId: null, name: null, count: 2 },
    ]);
  });
});

describe('received invoices: rectificativas', () => {
  /** A credit note of supplier s1 rectifying `rectified`: one line returned, one rappel as a negative price. */
  const creditNote = (rectified: unknown[], over: Record<string, unknown> = {}) =>
    body({
      supplierInvoiceNumber: 'AB-2026/0007',
      invoiceType: 'R1',
      issueDate: '2026-04-02',
      accountingDate: '2026-04-02',
      rectification: { reason: 'Devolución de material', rectified },
      lines: [
        { description: 'Devolución material', quantity: '-1', unitPriceCents: 33_333, vatRateBp: 2100 },
        { description: 'Rappel', quantity: 1, unitPriceCents: -1000, vatRateBp: 2100 },
      ],
      irpfRateBp: 0,
      ...over,
    });

  it('registers a credit note linked to an earlier received invoice, with negative totals and aggregates', async () => {
    const original = await registered();
    stored(original);
    withSupplier();

    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ receivedInvoiceId: original.receivedInvoiceId }]),
    });

    expect(res.status).toBe(201);
    const rec = res.envelope.data!;
    expect(rec).toMatchObject({
      invoiceType: 'R1',
      rectification: {
        method: 'DIFFERENCES',
        reason: 'Devolución de material',
        // number and date taken from the registered invoice
        rectified: [
          {
            receivedInvoiceId: original.receivedInvoiceId,
            supplierInvoiceNumber: 'F-2026/0042',
            issueDate: '2026-02-27',
          },
        ],
      },
    });
    expect(rec.lines.map((l) => [l.quantityMilli, l.unitPriceCents])).toEqual([
      [-1000, 33_333],
      [1000, -1000],
    ]);
    // −333.33 € − 10.00 € = −343.33 € at 21 % → −72.0993 → −72.10 €
    expect(rec.totals).toMatchObject({
      baseCents: -34_333,
      vatCents: -7210,
      deductibleVatCents: -7210,
      irpfCents: 0,
      totalCents: -41_543,
    });
    expect(
      db
        .commandCalls(GetCommand)
        .some(
          (c) =>
            JSON.stringify(c.args[0].input.Key) ===
            JSON.stringify(keys.receivedInvoice(COMPANY, original.receivedInvoiceId)),
        ),
    ).toBe(true);

    const agg = toReceivedForAggregates(rec);
    expect(agg.rectifiedDates).toEqual(['2026-02-27']);
    const items = withoutEvent(transactions()[0]!, 'RECEIVED_REGISTERED', rec.receivedInvoiceId);
    expect(items[1]!.Put!.Item).toMatchObject(
      keys.receivedInvoiceNumberClaim(COMPANY, 'ES:NIF:B12345674', '2026', 'AB-2026/0007'),
    );
    expect(items.slice(4)).toEqual(aggregateUpdateItems(TABLE, COMPANY, receivedContribution(agg, 1)));
  });

  it('records an unregistered rectified invoice by its number and date, reading nothing for it', async () => {
    withSupplier();
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ supplierInvoiceNumber: 'F-2025/0900', issueDate: '2025-12-15' }]),
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data!.rectification!.rectified).toEqual([
      { receivedInvoiceId: null, supplierInvoiceNumber: 'F-2025/0900', issueDate: '2025-12-15' },
    ]);
    expect(toReceivedForAggregates(res.envelope.data!).rectifiedDates).toEqual(['2025-12-15']);
  });

  it('an ordinary invoice is F1 with no rectification and keeps refusing negative amounts', async () => {
    const ordinary = await registered();
    expect(ordinary).toMatchObject({ invoiceType: 'F1', rectification: null });
    expect(toReceivedForAggregates(ordinary).rectifiedDates).toEqual([]);

    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: body({
        lines: [{ description: 'Abono', quantity: 1, unitPriceCents: -1000, vatRateBp: 2100 }],
      }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'lines.0.unitPriceCents',
      message:
        'lines.0.unitPriceCents: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    });
    const qty = await call({
      routeId: 'receivedInvoices.create',
      body: body({
        lines: [{ description: 'Abono', quantity: '-2', unitPriceCents: 1000, vatRateBp: 2100 }],
      }),
    });
    expect(errorOf(qty)).toMatchObject({
      field: 'lines.0.quantity',
      message:
        'lines.0.quantity: Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a rectified invoice of another company (it is not found in this one), writing nothing', async () => {
    withSupplier();
    const elsewhere = await registered();
    // The id exists only under another company's key.
    db.on(GetCommand, { Key: keys.receivedInvoice('co-2', 'ri-other') }).resolves({
      Item: receivedInvoiceItem({ ...elsewhere, companyId: 'co-2', receivedInvoiceId: 'ri-other' }),
    });
    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ receivedInvoiceId: 'ri-other' }]),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'rectification.rectified.0.receivedInvoiceId',
      message: 'La factura rectificada no está registrada en esta empresa.',
      details: { reason: 'UNKNOWN_RECTIFIED_INVOICE' },
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a rectified invoice of another supplier, writing nothing', async () => {
    const other = await registered({
      supplierId: undefined,
      supplier: { name: 'Bauteile GmbH', taxId: { type: 'NIF_IVA', value: 'DE123456789', country: 'DE' } },
    });
    stored(other);
    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ receivedInvoiceId: other.receivedInvoiceId }]),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      field: 'rectification.rectified.0.receivedInvoiceId',
      message: 'La factura rectificada F-2026/0042 es de otro proveedor (Bauteile GmbH).',
      details: { reason: 'RECTIFIED_OTHER_SUPPLIER' },
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it.each([
    [
      'a number that is not the registered invoice’s',
      { supplierInvoiceNumber: 'F-2026/0099' },
      'supplierInvoiceNumber',
      'El número no coincide con el de la factura rectificada registrada (F-2026/0042).',
    ],
    [
      'a date that is not the registered invoice’s',
      { issueDate: '2026-02-28' },
      'issueDate',
      'La fecha no coincide con la de la factura rectificada registrada (2026-02-27).',
    ],
  ])('refuses %s', async (_, ref, field, message) => {
    const original = await registered();
    stored(original);
    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ receivedInvoiceId: original.receivedInvoiceId, ...ref }]),
    });
    expect(errorOf(res)).toMatchObject({
      field: `rectification.rectified.0.${field}`,
      message,
      details: { reason: 'RECTIFIED_MISMATCH' },
    });
  });

  it('refuses a registered invoice issued after the rectificativa', async () => {
    const later = await registered({ issueDate: '2026-04-10', accountingDate: '2026-04-10' });
    stored(later);
    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: creditNote([{ receivedInvoiceId: later.receivedInvoiceId }]),
    });
    expect(errorOf(res)).toMatchObject({ details: { reason: 'RECTIFIED_AFTER_RECTIFICATIVA' } });
  });

  it('a correction may not make an invoice rectify itself', async () => {
    const original = await registered();
    stored(original);
    withSupplier();
    const res = await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: original.receivedInvoiceId },
      body: creditNote([{ receivedInvoiceId: original.receivedInvoiceId }]),
    });
    expect(errorOf(res)).toMatchObject({
      field: 'rectification.rectified.0.receivedInvoiceId',
      message: 'Una factura no puede rectificarse a sí misma.',
      details: { reason: 'RECTIFIES_ITSELF' },
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('expense totals add the credit note as a negative amount', async () => {
    const original = await registered();
    stored(original);
    const credit = await registered(creditNote([{ receivedInvoiceId: original.receivedInvoiceId }]));
    db.on(QueryCommand, { IndexName: 'gsi1' }).resolves({
      Items: [credit, original].map(receivedInvoiceItem),
    });
    const res = await call<ExpenseTotals>({ routeId: 'expenses.totals' });
    expect(res.envelope.data).toMatchObject({
      count: 2,
      baseCents: original.totals.baseCents - 34_333,
      vatCents: original.totals.vatCents - 7210,
      totalCents: original.totals.totalCents - 41_543,
    });
    const list = await call<Page<ReceivedInvoice>>({
      routeId: 'receivedInvoices.list',
      query: { search: 'F-2026/0042' },
    });
    // found by its own number, and the credit note by the number it rectifies
    expect(list.envelope.data!.content.map((r) => r.invoiceType)).toEqual(['R1', 'F1']);
  });

  it('records the DUA of an import', async () => {
    withSupplier();
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: body({
        customsDocument: '26es00281110123456',
        lines: [
          {
            description: 'Maquinaria (China)',
            quantity: 1,
            unitPriceCents: 500_000,
            vatRateBp: 2100,
            kind: 'IMPORT',
          },
        ],
        irpfRateBp: 0,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      customsDocument: '26ES00281110123456',
      totals: { importVatCents: 105_000, supplierVatCents: 0, totalCents: 500_000 },
    });
  });

  it('reads an invoice stored before rectificativas existed as an ordinary F1', async () => {
    const original = await registered();
    const { invoiceType: _t, rectification: _r, ...legacy } = original;
    db.on(GetCommand, { Key: keys.receivedInvoice(COMPANY, original.receivedInvoiceId) }).resolves({
      Item: receivedInvoiceItem(legacy as ReceivedInvoice),
    });
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: original.receivedInvoiceId },
    });
    expect(res.envelope.data).toMatchObject({ invoiceType: 'F1', rectification: null });
  });
});

describe('received invoices: the inline supplier’s NIF-IVA', () => {
  it.each([
    [
      { type: 'NIF_IVA', value: 'DE12345678', country: 'DE' },
      undefined,
      'supplier.taxId.value',
      'El NIF-IVA no tiene el formato de DE.',
    ],
    [
      { type: 'NIF_IVA', value: 'FR12345678901', country: 'DE' },
      undefined,
      'supplier.taxId.value',
      'El NIF-IVA debe empezar por el prefijo DE del país.',
    ],
    [
      { type: 'NIF_IVA', value: 'DE123456789', country: 'DE' },
      'AT',
      'supplier.country',
      'El país (AT) no coincide con el del NIF-IVA (DE).',
    ],
  ])('refuses %j (country %s) naming the field', async (taxId, country, field, message) => {
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: body({ supplierId: undefined, supplier: { name: 'Bauteile GmbH', taxId, country } }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field, message: `${field}: ${message}` });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('received invoices: who may use them', () => {
  const asClient = (permissions: string[]) =>
    db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
      Item: { ...keys.membership(COMPANY, USER), companyRole: 'CLIENTE', permissions, isActive: true },
    });

  it('a CLIENTE reads with VIEW_INVOICES, and never writes', async () => {
    asClient(['VIEW_INVOICES']);
    db.on(QueryCommand).resolves({ Items: [] });
    const list = await call({ routeId: 'receivedInvoices.list' });
    expect(list.status).toBe(200);
    withSupplier();
    const create = await call({ routeId: 'receivedInvoices.create', body: body() });
    expect(create.status).toBe(403);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a CLIENTE without VIEW_INVOICES cannot read', async () => {
    asClient(['UPLOAD_DOCUMENTS']);
    const res = await call({ routeId: 'expenses.totals' });
    expect(res.status).toBe(403);
  });
});
