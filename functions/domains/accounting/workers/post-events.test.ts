import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTITY } from '../store/items';
import {
  accountingHarness,
  balancesFromAggregates,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  invoicePayment,
  issuedEventBody,
  issuedInvoice,
  receivedEventBody,
  receivedInvoice,
  receivedPayment,
  receivedPaymentItem,
  sqsEvent,
  workerCtx,
} from '../testing/harness';
import { batchProcessor, handler, processMessage } from './post-events';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
});

const post = (body: unknown) => processMessage(h.deps, body, workerCtx);

describe('post-events: an issued invoice', () => {
  it('posts one balanced entry whose ledger lines and aggregates agree, and initialises the chart once', async () => {
    // Arrange
    const inv = issuedInvoice();

    // Act
    const outcome = await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    // Assert
    expect(outcome).toBe('posted');
    const b = books(h);
    expect(b.entries).toHaveLength(1);
    const entry = b.entries[0]!;
    expect(entry).toMatchObject({
      entryNumber: 1,
      fiscalYear: 2026,
      entryDate: '2026-03-09',
      source: 'ISSUED_INVOICE',
      kind: 'NORMAL',
      totalDebitCents: 121_000,
      totalCreditCents: 121_000,
      sourceKey: 'INV#inv-1',
    });
    // The customer's own sub-account under 4300 was created on first use.
    const customer = h.table.all(ENTITY.account).find((a) => a.party !== null && a.level === 'SUBACCOUNT');
    expect(customer).toMatchObject({
      accountCode: '43000001',
      parentCode: '4300',
      accountName: 'Ferretería López SL',
    });
    expect(balancesFromLines(b.lines)).toEqual({ '43000001': 121_000, '477': -21_000, '7000': -100_000 });
    // C rolls the sub-account into 4300; S keeps the sub-account.
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({
      '4300': 121_000,
      '477': -21_000,
      '7000': -100_000,
    });
    expect(balancesFromAggregates(b.aggregates, 'S')).toEqual({ '43000001': 121_000 });
    expect(h.table.get(keys.entryNumberCounter(COMPANY, 2026))).toMatchObject({ last: 1 });
    expect(h.table.get(keys.accountingSettings(COMPANY))).toMatchObject({
      chartType: 'PYMES',
      closedThrough: null,
    });
    // The first posting queued the company's backfill.
    expect(h.queued()).toEqual([
      { kind: 'ACCOUNTING_BACKFILL', companyId: COMPANY, stage: 'INVOICES', cursor: null },
    ]);
  });

  it('posts once when the same event is delivered twice', async () => {
    const body = issuedEventBody('INVOICE_CONFIRMED', issuedInvoice());

    expect(await post(body)).toBe('posted');
    const writes = h.table.writes.length;
    expect(await post(body)).toBe('skipped');

    expect(books(h).entries).toHaveLength(1);
    expect(h.table.writes.length).toBe(writes);
  });

  it('shows the entry and its reversal when the cancellation arrives before the confirmation', async () => {
    const inv = issuedInvoice();

    expect(await post(issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' }))).toBe('posted');
    expect(await post(issuedEventBody('INVOICE_CONFIRMED', inv))).toBe('skipped');

    const b = books(h);
    expect(b.entries).toHaveLength(2);
    expect(b.entries[0]).toMatchObject({
      entryDate: '2026-03-09',
      reversalOf: null,
      totalDebitCents: 121_000,
    });
    expect(b.entries[1]).toMatchObject({ entryDate: '2026-03-09', reversalOf: b.entries[0]!.entryId });
    expect(balancesFromLines(b.lines)).toEqual({});
    expect(h.table.get(keys.documentPosting(COMPANY, 'INV#inv-1'))).toMatchObject({
      version: 2,
      lines: [],
      entryIds: [b.entries[0]!.entryId, b.entries[1]!.entryId],
    });
  });

  it('reverses the entry when a confirmed invoice is cancelled (contraasiento)', async () => {
    const inv = issuedInvoice();
    await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    expect(await post(issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' }))).toBe('posted');

    const b = books(h);
    expect(b.entries).toHaveLength(2);
    expect(b.entries[1]).toMatchObject({
      entryNumber: 2,
      reversalOf: b.entries[0]!.entryId,
      entryDate: '2026-03-09',
    });
    expect(balancesFromLines(b.lines)).toEqual({});
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({});
  });

  it('posts a collection against the customer sub-account: D 572 / H 4300-customer', async () => {
    const inv = issuedInvoice();
    await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    expect(await post(issuedEventBody('PAYMENT_RECORDED', inv, invoicePayment()))).toBe('posted');

    const b = books(h);
    expect(balancesFromLines(b.lines)).toEqual({ '477': -21_000, '7000': -100_000, '572': 121_000 });
    expect(b.entries[1]).toMatchObject({ source: 'ISSUED_PAYMENT', entryDate: '2026-03-12' });
  });

  it('posts a document dated in a closed month on the first open day, keeping its date', async () => {
    await post(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: 'inv-0', invoiceDate: '2026-04-02' })),
    );
    h.table.put({ ...h.table.get(keys.accountingSettings(COMPANY))!, closedThrough: '2026-03' });

    await post(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: 'inv-1', invoiceDate: '2026-03-09' })),
    );

    const late = books(h).entries.find((e) => e.sourceKey === 'INV#inv-1');
    expect(late).toMatchObject({ entryDate: '2026-04-01', documentDate: '2026-03-09' });
    expect(h.table.all(ENTITY.aggregate).every((a) => a.month === 4)).toBe(true);
  });
});

describe('post-events: a received invoice', () => {
  it('posts the reversal and a new entry when the invoice is corrected', async () => {
    const v1 = receivedInvoice();
    await post(receivedEventBody('RECEIVED_REGISTERED', v1));
    const v2 = receivedInvoice({ version: 2, lines: [{ unitPriceCents: 80_000 }] });

    expect(await post(receivedEventBody('RECEIVED_UPDATED', v2))).toBe('posted');

    const b = books(h);
    expect(b.entries.map((e) => e.source)).toEqual([
      'RECEIVED_INVOICE',
      'RECEIVED_INVOICE',
      'RECEIVED_INVOICE',
    ]);
    expect(b.entries[1]).toMatchObject({ reversalOf: b.entries[0]!.entryId });
    // Only the corrected figures remain: 800 + 21 % VAT to the creditor's sub-account under 4100.
    expect(balancesFromLines(b.lines)).toEqual({ '629': 80_000, '472': 16_800, '41000001': -96_800 });
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({
      '629': 80_000,
      '472': 16_800,
      '4100': -96_800,
    });
  });

  it('only moves the version when a new version changes nothing in the books', async () => {
    await post(receivedEventBody('RECEIVED_REGISTERED', receivedInvoice()));

    expect(await post(receivedEventBody('RECEIVED_UPDATED', receivedInvoice({ version: 2 })))).toBe(
      'unchanged',
    );

    expect(books(h).entries).toHaveLength(1);
    expect(h.table.get(keys.documentPosting(COMPANY, 'REC#ri-1'))).toMatchObject({ version: 4 });
  });
});

describe('post-events: what is not posted', () => {
  it('skips AUTONOMO companies without creating a chart', async () => {
    h.table.put(companyOf('AUTONOMO'));

    expect(await post(issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()))).toBe('no-books');

    expect(h.table.get(keys.accountingSettings(COMPANY))).toBeUndefined();
    expect(books(h).entries).toHaveLength(0);
  });

  it('acknowledges malformed messages (dropped, not retried) and reports failures per message', async () => {
    // Arrange: one good event, one not JSON, one without a company, one whose writes fail.
    h.table.put(companyOf('SL', 'co-down'));
    h.table.failWhen((command, input) =>
      command === 'Get' && JSON.stringify(input).includes('co-down')
        ? new Error('DynamoDB is down')
        : undefined,
    );
    const event = sqsEvent(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()),
      'not json',
      { kind: 'INVOICE_CONFIRMED' },
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ companyId: 'co-down' })),
    );

    // Act
    const res = await handler(event);

    // Assert
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm4' }]);
    expect(books(h).entries).toHaveLength(1);
  });

  it('posts the messages of one company of a batch one after another (gap-free numbers)', async () => {
    const processor = batchProcessor(() => h.deps);
    const event = sqsEvent(
      ...[1, 2, 3, 4].map((n) =>
        issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: `inv-${n}` })),
      ),
    );

    await Promise.all(event.Records.map((r) => processor(r, workerCtx)));

    expect(books(h).entries.map((e) => e.entryNumber)).toEqual([1, 2, 3, 4]);
  });
});

// --- the books do not depend on the order the queue delivers a document's events in ------------------

/** Every item the posting writes, without keys that only order them, sorted: two journals compare equal. */
function journal(): Record<string, unknown>[] {
  const kinds = [
    ENTITY.entry,
    ENTITY.ledgerLine,
    ENTITY.aggregate,
    ENTITY.documentPosting,
    ENTITY.entryCounter,
  ];
  return kinds
    .flatMap((k) => h.table.all(k))
    .map((i) => JSON.parse(JSON.stringify(i)) as Record<string, unknown>)
    .sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
}

async function inBothOrders(first: unknown, second: unknown) {
  h.reset();
  h.table.put(companyOf('SL'));
  await post(first);
  await post(second);
  const inOrder = journal();
  h.reset();
  h.table.put(companyOf('SL'));
  await post(second);
  expect(await post(first)).toBe('skipped');
  return { inOrder, outOfOrder: journal() };
}

describe('post-events: a removal processed before the event that posted the document', () => {
  it('a confirmed then cancelled invoice: the same entries (ids, dates, lines) in both orders', async () => {
    const inv = issuedInvoice();
    const { inOrder, outOfOrder } = await inBothOrders(
      issuedEventBody('INVOICE_CONFIRMED', inv),
      issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' }),
    );

    expect(outOfOrder).toEqual(inOrder);
    const entries = inOrder.filter((i) => i.entity === ENTITY.entry);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.description).sort()).toEqual([
      'Anulación de la factura emitida F-2026-0001 — Ferretería López SL',
      'Factura emitida F-2026-0001 — Ferretería López SL',
    ]);
  });

  it('a collection recorded then deleted', async () => {
    const inv = issuedInvoice();
    const pay = invoicePayment();
    const { inOrder, outOfOrder } = await inBothOrders(
      issuedEventBody('PAYMENT_RECORDED', inv, pay),
      issuedEventBody('PAYMENT_DELETED', inv, { ...pay, status: 'DELETED' }),
    );

    expect(outOfOrder).toEqual(inOrder);
    expect(inOrder.filter((i) => i.entity === ENTITY.entry)).toHaveLength(2);
  });

  it('a received invoice registered then deleted (the deletion carries it as last stored)', async () => {
    const rec = receivedInvoice();
    const { inOrder, outOfOrder } = await inBothOrders(
      receivedEventBody('RECEIVED_REGISTERED', rec),
      receivedEventBody('RECEIVED_DELETED', rec),
    );

    expect(outOfOrder).toEqual(inOrder);
    expect(inOrder.filter((i) => i.entity === ENTITY.entry)).toHaveLength(2);
  });

  it('a received payment recorded then deleted, after its invoice', async () => {
    const rec = receivedInvoice();
    const paid = receivedInvoice({ version: 2 });
    const unpaid = receivedInvoice({ version: 3 });
    const pay = receivedPayment();
    const register = receivedEventBody('RECEIVED_REGISTERED', rec);

    h.reset();
    h.table.put(companyOf('SL'));
    await post(register);
    await post(receivedEventBody('RECEIVED_PAYMENT_RECORDED', paid, pay));
    await post(receivedEventBody('RECEIVED_PAYMENT_DELETED', unpaid, { ...pay, status: 'DELETED' }));
    const inOrder = journal();
    h.reset();
    h.table.put(companyOf('SL'));
    await post(register);
    await post(receivedEventBody('RECEIVED_PAYMENT_DELETED', unpaid, { ...pay, status: 'DELETED' }));
    expect(await post(receivedEventBody('RECEIVED_PAYMENT_RECORDED', paid, pay))).toBe('skipped');

    expect(journal()).toEqual(inOrder);
    const payments = inOrder.filter((i) => i.entity === ENTITY.entry && i.source === 'RECEIVED_PAYMENT');
    expect(payments).toHaveLength(2);
    // On the creditor's sub-account its invoice posted on.
    expect(balancesFromLines(books(h).lines)).toEqual({ '629': 50_000, '472': 10_500, '41000001': -60_500 });
  });

  it('a duplicate of the removal changes nothing', async () => {
    const inv = issuedInvoice();
    const cancel = issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' });
    await post(cancel);
    const before = journal();

    expect(await post(cancel)).toBe('skipped');

    expect(journal()).toEqual(before);
  });
});

// --- expense categories' own accounts -----------------------------------------------------------------------

const category = (categoryId: string, pgcAccount: string) => ({
  ...keys.expenseCategory(COMPANY, categoryId),
  entity: 'ExpenseCategory',
  v: 1,
  categoryId,
  companyId: COMPANY,
  name: `Categoría ${categoryId}`,
  pgcAccount,
  deductibleBp: 10_000,
  order: 0,
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe("post-events: a received invoice goes to its expense category's own account", () => {
  it('621 for rent; a category of goods (600) makes the supplier a supplier of goods (4000)', async () => {
    h.table.put(category('cat-rent', '621'));
    h.table.put(category('cat-goods', '600'));

    await post(receivedEventBody('RECEIVED_REGISTERED', receivedInvoice({ expenseCategoryId: 'cat-rent' })));
    await post(
      receivedEventBody(
        'RECEIVED_REGISTERED',
        receivedInvoice({ receivedInvoiceId: 'ri-2', expenseCategoryId: 'cat-goods' }),
      ),
    );

    expect(balancesFromLines(books(h).lines)).toEqual({
      '621': 50_000,
      '600': 50_000,
      '472': 21_000,
      '41000001': -60_500,
      '40000001': -60_500,
    });
  });

  it('a code the chart lacks falls back to the nearest account that accepts entries; never fails', async () => {
    h.table.put(category('cat-a', '6290'));
    h.table.put(category('cat-b', '630'));

    await post(receivedEventBody('RECEIVED_REGISTERED', receivedInvoice({ expenseCategoryId: 'cat-a' })));
    await post(
      receivedEventBody(
        'RECEIVED_REGISTERED',
        receivedInvoice({ receivedInvoiceId: 'ri-2', expenseCategoryId: 'cat-b' }),
      ),
    );

    const b = books(h);
    expect(b.entries).toHaveLength(2);
    // 6290 is not in the chart: 629; 630 is a parent: its first account that accepts entries, 6300.
    expect(balancesFromLines(b.lines)).toMatchObject({ '629': 50_000, '6300': 50_000 });
  });

  it("the company's mapping of the category or the supplier wins over the category's own account", async () => {
    h.table.put(category('cat-rent', '621'));
    await post(issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()));
    const settings = h.table.get(keys.accountingSettings(COMPANY))!;
    h.table.put({ ...settings, supplierAccounts: { 'su-1': '628' } });

    await post(receivedEventBody('RECEIVED_REGISTERED', receivedInvoice({ expenseCategoryId: 'cat-rent' })));

    expect(balancesFromLines(books(h).lines)).toMatchObject({ '628': 50_000 });
    expect(balancesFromLines(books(h).lines)['621']).toBeUndefined();
  });
});

// --- a received invoice's payments stay on its supplier's account ------------------------------------------------

describe('post-events: a re-categorised received invoice takes its payments to its new account', () => {
  const v1 = receivedInvoice();
  const paidV2 = receivedInvoice({ version: 2, paidCents: 60_500 });
  const goodsV3 = receivedInvoice({ version: 3, paidCents: 60_500, expenseCategoryId: 'cat-goods' });
  const paidV4 = receivedInvoice({ version: 4, paidCents: 60_500, expenseCategoryId: 'cat-goods' });
  const pay = receivedPayment();
  const settled = { '600': 50_000, '472': 10_500, '572': -60_500 };

  beforeEach(() => {
    h.table.put(category('cat-goods', '600'));
  });

  it('paid on 410, then re-categorised to goods: the payment moves to 400 with the invoice', async () => {
    await post(receivedEventBody('RECEIVED_REGISTERED', v1));
    await post(receivedEventBody('RECEIVED_PAYMENT_RECORDED', paidV2, pay));
    h.table.put(receivedPaymentItem('ri-1', pay));
    expect(balancesFromLines(books(h).lines)).toEqual({ '629': 50_000, '472': 10_500, '572': -60_500 });

    expect(await post(receivedEventBody('RECEIVED_UPDATED', goodsV3))).toBe('posted');

    const b = books(h);
    expect(balancesFromLines(b.lines)).toEqual(settled);
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual(settled);
    const moved = h.table.get(keys.documentPosting(COMPANY, 'RPAY#rpay-1'));
    expect(moved).toMatchObject({ version: 4, lines: [{ accountCode: '40000001' }, { accountCode: '572' }] });
    // The payment's journal: its entry, the reversal, the same entry on 400.
    const payments = b.entries.filter((e) => e.sourceKey === 'RPAY#rpay-1');
    expect(payments.map((e) => e.entryDate)).toEqual(['2026-03-20', '2026-03-20', '2026-03-20']);
    expect(payments[1]).toMatchObject({ reversalOf: payments[0]!.entryId });

    // Again (a redelivery): nothing moves.
    const before = journal();
    expect(await post(receivedEventBody('RECEIVED_UPDATED', goodsV3))).toBe('skipped');
    expect(journal()).toEqual(before);
  });

  it('a payment processed after the re-categorisation follows the invoice at once', async () => {
    await post(receivedEventBody('RECEIVED_REGISTERED', v1));
    await post(receivedEventBody('RECEIVED_UPDATED', goodsV3));

    await post(receivedEventBody('RECEIVED_PAYMENT_RECORDED', paidV4, pay));

    expect(balancesFromLines(books(h).lines)).toEqual(settled);
    expect(books(h).entries.filter((e) => e.sourceKey === 'RPAY#rpay-1')).toHaveLength(1);
  });

  it('a payment processed before its invoice ends on the account of the invoice', async () => {
    // The payment's own snapshot says goods (400); the invoice's first version posts on 410, then 400.
    h.table.put(receivedPaymentItem('ri-1', pay));
    await post(receivedEventBody('RECEIVED_PAYMENT_RECORDED', paidV4, pay));
    await post(receivedEventBody('RECEIVED_REGISTERED', v1));
    expect(balancesFromLines(books(h).lines)).toEqual({ '629': 50_000, '472': 10_500, '572': -60_500 });

    await post(receivedEventBody('RECEIVED_UPDATED', goodsV3));

    expect(balancesFromLines(books(h).lines)).toEqual(settled);
  });
});

// --- a substitute takes over the originals' payments ---------------------------------------------------------

describe("post-events: a substitution moves the original's collections to the substitute's customer", () => {
  const original = issuedInvoice();
  const pay = invoicePayment();
  const substitute = issuedInvoice({
    invoiceId: 'inv-2',
    invoiceType: 'R1',
    customer: { ...original.customer!, customerId: 'cu-2', name: 'Ferretería Nueva SL', taxId: 'B11111111' },
    rectification: {
      method: 'SUBSTITUTION',
      reason: 'Destinatario erróneo',
      rectified: [
        {
          invoiceId: 'inv-1',
          invoiceNumber: original.invoiceNumber!,
          invoiceDate: original.invoiceDate,
          invoiceType: 'F1',
          totals: original.totals,
          breakdown: original.breakdown,
        },
      ],
    },
  } as Partial<typeof original>);
  const movedFrom = { invoiceId: 'inv-1', invoiceNumber: original.invoiceNumber! };
  const confirmSubstitute = {
    ...issuedEventBody('INVOICE_CONFIRMED', substitute),
    payments: [
      {
        paymentId: pay.paymentId,
        date: pay.paidAt,
        amountCents: pay.amountCents,
        method: pay.method,
        reference: null,
        revision: 0,
        movedFrom,
      },
    ],
  };

  it("reposts the collection on the new customer's sub-account, once", async () => {
    await post(issuedEventBody('INVOICE_CONFIRMED', original));
    await post(issuedEventBody('PAYMENT_RECORDED', original, pay));

    expect(await post(confirmSubstitute)).toBe('posted');

    const state = h.table.get(keys.documentPosting(COMPANY, 'PAY#pay-1'));
    expect(state).toMatchObject({ version: 2, lines: [{ accountCode: '43000002' }, { accountCode: '572' }] });
    const collections = books(h).entries.filter((e) => e.sourceKey === 'PAY#pay-1');
    expect(collections).toHaveLength(3);
    expect(collections[2]).toMatchObject({
      description: 'Cobro de la factura F-2026-0002 — Ferretería Nueva SL',
      document: { documentId: 'pay-1', invoiceId: 'inv-2' },
    });
    const lines = balancesFromLines(books(h).lines);
    expect(lines['43000002']).toBe(-121_000);

    // Redelivered, or the original's payment event arriving late: nothing changes.
    const before = journal();
    expect(await post(confirmSubstitute)).toBe('skipped');
    expect(await post(issuedEventBody('PAYMENT_RECORDED', original, pay))).toBe('skipped');
    expect(journal()).toEqual(before);

    // Deleting it on the substitute (it keeps movedFrom) takes it off the new customer.
    const deleted = {
      ...issuedEventBody('PAYMENT_DELETED', substitute, pay),
      payment: { ...confirmSubstitute.payments[0]! },
    };
    expect(await post(deleted)).toBe('posted');
    expect(balancesFromLines(books(h).lines)['43000002']).toBeUndefined();
  });

  it('posts the moved collection directly when the substitute comes before the original payment', async () => {
    await post(issuedEventBody('INVOICE_CONFIRMED', original));
    await post(confirmSubstitute);

    expect(await post(issuedEventBody('PAYMENT_RECORDED', original, pay))).toBe('skipped');

    const collections = books(h).entries.filter((e) => e.sourceKey === 'PAY#pay-1');
    expect(collections).toHaveLength(1);
    expect(balancesFromLines(books(h).lines)['43000002']).toBe(-121_000);
  });
});
