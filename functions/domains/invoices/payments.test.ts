import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { createLogger } from '@functions/platform/logger';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { Invoice, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoicesActions } from './handler';
import { CASH_LIMIT_MESSAGE } from './model/build-invoice';
import type { InvoicesDeps } from './store/deps';
import { invoiceItem } from './store/invoices';
import { MAX_PAYMENT_ATTEMPTS } from './store/payments';
import { issuerCompany } from './testing/harness';
import { markOverdue } from './workers/mark-overdue';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
const T0 = new Date('2026-03-10T10:00:00.000Z');

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
const deps: InvoicesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `pay${++ids}`,
};
const handler = createApiHandler('invoices', invoicesActions, () => deps);

async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'>) {
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...options,
    headers: { 'x-company-id': COMPANY, ...options.headers },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; message: string } }).error;
const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 'i1',
  companyId: COMPANY,
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-03-02',
  operationDate: null,
  dueDate: '2026-04-01',
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
  totals: { baseCents: 200_000, vatCents: 42_000, recargoCents: 0, irpfCents: 0, totalCents: 242_000 },
  breakdown: [],
  legalMentions: [],
  series: 'F',
  seriesId: 'f1',
  requestedSeriesId: null,
  number: 1,
  invoiceNumber: 'F-2026-0001',
  confirmedAt: '2026-03-02T09:00:00.000Z',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  ...over,
});

/** The stored invoice item; transactions apply to it as DynamoDB would, conditions included. */
let stored: Record<string, unknown>;

const conditionFailed = () =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });

function applyTransaction(input: TransactWriteCommandInput) {
  const update = input.TransactItems![0]!.Update!;
  const v = update.ExpressionAttributeValues!;
  if (stored.status !== 'CONFIRMED') throw conditionFailed();
  if (':seenPaid' in v && (stored.paidCents ?? 0) !== v[':seenPaid']) throw conditionFailed();
  if (':zero' in v && (stored.paidCents ?? 0) !== 0) throw conditionFailed();
  if (':paidCents' in v) {
    stored = {
      ...stored,
      paidCents: v[':paidCents'],
      cashPaidCents: v[':cashPaidCents'],
      paymentStatus: v[':ps'],
    };
  } else {
    stored = { ...stored, status: 'CANCELLED', cancelledAt: v[':at'], cancelReason: v[':reason'] };
  }
  if (update.UpdateExpression!.includes('REMOVE gsi2pk')) {
    const { gsi2pk: _p, gsi2sk: _s, ...rest } = stored;
    stored = rest;
  }
  return {};
}

beforeEach(() => {
  db.reset();
  ids = 0;
  stored = invoiceItem(invoice());
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany },
  });
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'i1') }).callsFake(() => ({ Item: stored }));
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(PutCommand).resolves({});
  db.on(TransactWriteCommand).callsFake(applyTransaction);
});

const pay = (body: Record<string, unknown>) =>
  call<InvoicePayment>({ routeId: 'invoices.addPayment', params: { invoiceId: 'i1' }, body });

describe('invoices: payment status', () => {
  it('a confirmed invoice item carries PENDING, nothing paid and the sparse due-date index entry', () => {
    expect(invoiceItem(invoice())).toMatchObject({
      paymentStatus: 'PENDING',
      paidCents: 0,
      ...keys.invoiceDue('2026-04-01', COMPANY, 'i1'),
    });
    const draft = invoiceItem(invoice({ status: 'DRAFT' }));
    expect(draft).not.toHaveProperty('paymentStatus');
    expect(draft).not.toHaveProperty('gsi2pk');
    expect(invoiceItem(invoice({ dueDate: null }))).not.toHaveProperty('gsi2pk');
  });

  it('goes PENDING → PARTIAL → PAID, each payment ONE transaction conditioned on the paidCents read', async () => {
    const first = await pay({
      amountCents: 100_000,
      paidAt: '2026-03-05',
      method: 'TRANSFER',
      reference: 'TR-1',
    });
    expect(first.status).toBe(201);
    expect(first.envelope.data).toMatchObject({ paymentId: 'pay1', amountCents: 100_000, createdBy: USER });
    expect(stored).toMatchObject({ paymentStatus: 'PARTIAL', paidCents: 100_000 });
    expect(stored.gsi2pk).toBe('INVOICES#DUE');

    const second = await pay({ amountCents: 142_000, paidAt: '2026-03-10', method: 'CARD' });
    expect(second.status).toBe(201);
    expect(stored).toMatchObject({ paymentStatus: 'PAID', paidCents: 242_000 });
    expect(stored).not.toHaveProperty('gsi2pk');

    const [t1, t2] = transactions();
    expect(t1).toHaveLength(3);
    expect(t1![0]!.Update!.Key).toEqual(keys.invoice(COMPANY, 'i1'));
    expect(t1![0]!.Update!.ConditionExpression).toContain('paidCents = :seenPaid');
    // Not substituted meanwhile, and no credit note applied meanwhile either.
    expect(t1![0]!.Update!.ConditionExpression).toContain('attribute_not_exists(substitutedBy)');
    expect(t1![0]!.Update!.ConditionExpression).toContain('creditedCents = :seenCredited');
    expect(t1![0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':seenPaid': 0, ':ps': 'PARTIAL' });
    expect(t1![1]!.Put!.Item).toMatchObject({
      entity: 'InvoicePayment',
      amountCents: 100_000,
      method: 'TRANSFER',
    });
    // Issue 18: every collection writes its event (the accounting's), last; outside the SII it does
    // not report to the SII.
    expect(t1![2]!.Put).toMatchObject({
      Item: {
        ...keys.invoiceEvent(COMPANY, 'i1', 'PAYMENT_RECORDED#pay1#0'),
        entity: 'InvoiceEvent',
        kind: 'PAYMENT_RECORDED',
        paidCents: 100_000,
        payment: { paymentId: 'pay1', amountCents: 100_000, date: '2026-03-05', method: 'TRANSFER' },
        siiStatus: null,
        reportsSii: false,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(t2![0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':seenPaid': 100_000, ':ps': 'PAID' });
    expect(t2![0]!.Update!.UpdateExpression).toContain('REMOVE gsi2pk, gsi2sk');
    expect(t2!.at(-1)!.Put!.Item).toMatchObject({ kind: 'PAYMENT_RECORDED', paidCents: 242_000 });
  });

  it('carries the cash collected and, under the criterio de caja, the VAT it settles in the same transaction', async () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 200_000,
        vatCents: 42_000,
        recargoCents: 0,
      },
    ];
    const issuer = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as Invoice['issuer'];
    stored = invoiceItem(invoice({ breakdown, issuer }));
    expect((await pay({ amountCents: 60_500, paidAt: '2026-03-05', method: 'CASH' })).status).toBe(201);
    const [t] = transactions();
    // The invoice's other payments were read (none): the last one settles the remainder.
    expect(
      db
        .commandCalls(QueryCommand)
        .some(
          (c) =>
            c.args[0].input.ExpressionAttributeValues?.[':prefix'] ===
            keys.invoicePaymentPrefix(COMPANY, 'i1').skPrefix,
        ),
    ).toBe(true);
    // Between the payment and its event (last).
    expect(t!.at(-1)!.Put!.Item).toMatchObject({ entity: 'InvoiceEvent', kind: 'PAYMENT_RECORDED' });
    const aggregates = t!.slice(2, -1).map((i) => i.Update!);
    expect(aggregates.map((u) => u.Key!.sk)).toEqual([
      keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregate(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'K', 'CAJA|S1|2100|0').sk,
      keys.taxAggregateCounterparty(COMPANY, 'M', '2026-03', 'ISSUED', 'B12345674', 'CASH@2026').sk,
      keys.taxAggregateCounterparty(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'B12345674', 'CASH@2026').sk,
    ]);
    // A quarter of the invoice: 500,00 € of base and 105,00 € of VAT accrue on 05/03 instead of at
    // the deadline, 31/12 of the next year (art. 163 terdecies.Dos LIVA).
    expect(aggregates[0]!.ExpressionAttributeValues).toMatchObject({ ':a0': -50_000, ':a1': -10_500 });
    expect(aggregates[2]!.ExpressionAttributeValues).toMatchObject({ ':a0': 50_000, ':a1': 10_500 });
    expect(Object.values(aggregates[4]!.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining([60_500]),
    );
    // Under the general regime a transfer adds nothing to the aggregates.
    stored = invoiceItem(invoice({ breakdown }));
    await pay({ amountCents: 1_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    // The invoice, the payment and its event.
    expect(transactions()[1]).toHaveLength(3);
  });

  it('refuses an overpayment naming amountCents and the pending amount, writing nothing', async () => {
    stored = { ...stored, paidCents: 100_000, paymentStatus: 'PARTIAL' };
    const res = await pay({ amountCents: 142_001, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
      message: 'El pago supera el importe pendiente (1.420,00 €).',
    });
    expect(transactions()).toHaveLength(0);
  });

  it('refuses a zero amount, a payment before the invoice date and one in the future', async () => {
    expect((await pay({ amountCents: 0, paidAt: '2026-03-05', method: 'CASH' })).status).toBe(400);
    const early = await pay({ amountCents: 1_000, paidAt: '2026-03-01', method: 'CASH' });
    expect(errorOf(early)).toMatchObject({ code: 'CORE_004', field: 'paidAt' });
    const future = await pay({ amountCents: 1_000, paidAt: '2026-03-11', method: 'CASH' });
    expect(errorOf(future)).toMatchObject({ code: 'CORE_004', field: 'paidAt' });
    expect(transactions()).toHaveLength(0);
  });

  it('applies the cash limit to the cash payments together (Ley 7/2012 art. 7)', async () => {
    expect((await pay({ amountCents: 60_000, paidAt: '2026-03-05', method: 'CASH' })).status).toBe(201);
    const res = await pay({ amountCents: 40_000, paidAt: '2026-03-06', method: 'CASH' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
      message: CASH_LIMIT_MESSAGE,
    });
    expect(transactions()).toHaveLength(1);
    expect((await pay({ amountCents: 39_999, paidAt: '2026-03-06', method: 'CASH' })).status).toBe(201);
    expect((await pay({ amountCents: 40_000, paidAt: '2026-03-06', method: 'TRANSFER' })).status).toBe(201);
    expect(stored).toMatchObject({ cashPaidCents: 99_999, paidCents: 139_999 });
  });

  it('refuses a payment on a draft or a cancelled invoice with 409 DOC_047', async () => {
    stored = invoiceItem(invoice({ status: 'DRAFT', number: null, invoiceNumber: null }));
    const draft = await pay({ amountCents: 1_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(draft.status).toBe(409);
    expect(errorOf(draft)).toMatchObject({ code: 'DOC_047', message: expect.stringContaining('borrador') });
    stored = { ...invoiceItem(invoice()), status: 'CANCELLED' };
    const cancelled = await pay({ amountCents: 1_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(errorOf(cancelled)).toMatchObject({
      code: 'DOC_047',
      message: expect.stringContaining('anulada'),
    });
    expect(transactions()).toHaveLength(0);
  });

  it('reads again and re-checks after losing the race to a concurrent payment', async () => {
    db.on(TransactWriteCommand)
      .callsFakeOnce(() => {
        stored = { ...stored, paidCents: 200_000, paymentStatus: 'PARTIAL' };
        throw conditionFailed();
      })
      .callsFake(applyTransaction);
    const res = await pay({ amountCents: 100_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'amountCents' });
    expect(stored.paidCents).toBe(200_000);
  });

  it('tries again when another transaction was writing the invoice at that moment (TransactionConflict)', async () => {
    db.on(TransactWriteCommand)
      .callsFakeOnce(() => {
        throw new TransactionCanceledException({
          message: 'cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
        });
      })
      .callsFake(applyTransaction);
    const res = await pay({ amountCents: 100_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(res.status).toBe(201);
    expect(transactions()).toHaveLength(2);
    expect(stored.paidCents).toBe(100_000);
  });

  it('answers 409 CONCURRENT_UPDATE, never 500, when every attempt loses the race (issue #12 item 5)', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      db.on(TransactWriteCommand).callsFake(() => {
        throw conditionFailed();
      });
      const res = await pay({ amountCents: 100_000, paidAt: '2026-03-05', method: 'TRANSFER' });
      expect(res.status).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'CONCURRENT_UPDATE' });
      expect(transactions()).toHaveLength(MAX_PAYMENT_ATTEMPTS);
    } finally {
      random.mockRestore();
    }
  });

  it('lists the payments oldest first by one Query on the invoice prefix', async () => {
    const p = { paymentId: 'p1', amountCents: 1, paidAt: '2026-03-05', method: 'CARD', reference: null };
    db.on(QueryCommand).resolves({
      Items: [
        {
          ...keys.invoicePayment(COMPANY, 'i1', T0.toISOString(), 'p1'),
          entity: 'InvoicePayment',
          invoiceId: 'i1',
          companyId: COMPANY,
          ...p,
          createdAt: T0.toISOString(),
          createdBy: USER,
        },
      ],
    });
    const res = await call<InvoicePayment[]>({
      routeId: 'invoices.listPayments',
      params: { invoiceId: 'i1' },
    });
    expect(res.status).toBe(200);
    // Payments stored before corrections existed read as ACTIVE with no audit lines.
    expect(res.envelope.data).toEqual([
      { ...p, createdAt: T0.toISOString(), createdBy: USER, status: 'ACTIVE', history: [] },
    ]);
    const q = db.commandCalls(QueryCommand).at(-1)!.args[0].input;
    expect(q.ScanIndexForward).toBe(true);
    expect(q.ExpressionAttributeValues).toMatchObject({ ':prefix': 'INVPAY#i1#' });
  });
});

describe('invoices: cancellation', () => {
  const cancel = (reason = 'Emitida por error') =>
    call<InvoiceWithPayments>({ routeId: 'invoices.cancel', params: { invoiceId: 'i1' }, body: { reason } });

  it('cancels in ONE transaction with the INVOICE_CANCELLED event; the number stays', async () => {
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      status: 'CANCELLED',
      number: 1,
      cancelReason: 'Emitida por error',
    });
    const [items, ...rest] = transactions();
    expect(rest).toHaveLength(0);
    // invoice, event, then the aggregates without the invoice: its type and its customer's sales
    // (347B) in March and Q1.
    expect(items).toHaveLength(6);
    expect(items![0]!.Update!.ConditionExpression).toContain('#status = :confirmed');
    expect(items![0]!.Update!.ConditionExpression).toContain('paidCents = :zero');
    expect(items![1]!.Put!.Item).toMatchObject({
      ...keys.invoiceEvent(COMPANY, 'i1', 'INVOICE_CANCELLED'),
      entity: 'InvoiceEvent',
      kind: 'INVOICE_CANCELLED',
      invoiceNumber: 'F-2026-0001',
      totals: invoice().totals,
      customer: { taxId: 'B12345674' },
      siiStatus: null,
      at: T0.toISOString(),
    });
    const aggregates = items!.slice(2).map((i) => i.Update!);
    expect(aggregates.map((u) => u.Key)).toEqual([
      keys.taxAggregate(COMPANY, 'M', '2026-03', 'ISSUED', 'T', 'F1', 'f1'),
      keys.taxAggregateCounterparty(COMPANY, 'M', '2026-03', 'ISSUED', 'B12345674', '347B', 'f1'),
      keys.taxAggregate(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'T', 'F1', 'f1'),
      keys.taxAggregateCounterparty(COMPANY, 'Q', '2026-Q1', 'ISSUED', 'B12345674', '347B', 'f1'),
    ]);
    for (const u of aggregates) {
      expect(u.UpdateExpression).toMatch(/^SET .* ADD /);
      expect(u.ConditionExpression).toBeUndefined();
      const added = Object.values(u.ExpressionAttributeValues!);
      // base −2.000 €, total −2.420 €, one invoice fewer.
      expect(added).toEqual(expect.arrayContaining([-200_000, -242_000, -1]));
    }
    expect(stored).toMatchObject({ status: 'CANCELLED' });
    expect(stored).not.toHaveProperty('gsi2pk');
  });

  it('under the criterio de caja also takes out the VAT that would accrue at the deadline', async () => {
    const breakdown = [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 200_000,
        vatCents: 42_000,
        recargoCents: 0,
      },
    ];
    const issuer = { ...issuerCompany, vatRegime: 'CRITERIO_CAJA' } as unknown as Invoice['issuer'];
    stored = invoiceItem(invoice({ breakdown, issuer }));
    expect((await cancel()).status).toBe(200);
    const [items] = transactions();
    const caja = items!
      .map((i) => i.Update)
      .filter((u) => u?.Key?.sk.includes('CAJA|'))
      .map((u) => [u!.Key, u!.ExpressionAttributeValues]);
    // Art. 163 terdecies.Dos LIVA: nothing collected, all of it was due on 31/12/2027.
    expect(caja).toEqual([
      [
        keys.taxAggregate(COMPANY, 'M', '2027-12', 'ISSUED', 'K', 'CAJA|S1|2100|0'),
        expect.objectContaining({ ':a0': -200_000, ':a1': -42_000 }),
      ],
      [
        keys.taxAggregate(COMPANY, 'Q', '2027-Q4', 'ISSUED', 'K', 'CAJA|S1|2100|0'),
        expect.objectContaining({ ':a0': -200_000, ':a1': -42_000 }),
      ],
    ]);
  });

  it('refuses to cancel an invoice with payments, a draft, or with a short reason', async () => {
    stored = { ...stored, paidCents: 1_000, paymentStatus: 'PARTIAL' };
    const paid = await cancel();
    expect(paid.status).toBe(409);
    expect(errorOf(paid)).toMatchObject({
      code: 'DOC_047',
      message: 'No se puede anular una factura con cobros registrados; emite una rectificativa.',
    });
    stored = invoiceItem(invoice({ status: 'DRAFT' }));
    expect(errorOf(await cancel())).toMatchObject({
      code: 'DOC_047',
      message: 'Un borrador no se anula: elimínalo.',
    });
    stored = invoiceItem(invoice());
    expect(errorOf(await cancel('no'))).toMatchObject({ code: 'CORE_004' });
    expect(transactions()).toHaveLength(0);
  });

  it('says why when a payment wins the race against the cancellation', async () => {
    db.on(TransactWriteCommand).callsFakeOnce(() => {
      stored = { ...stored, paidCents: 1_000, paymentStatus: 'PARTIAL' };
      throw conditionFailed();
    });
    const res = await cancel();
    expect(res.status).toBe(409);
    expect(errorOf(res)?.message).toContain('cobros registrados');
  });
});

describe('invoices: overdue schedule', () => {
  const log = createLogger({});
  const ctx = (now: Date) => ({ log, now, remainingMs: () => 60_000 });

  it('queries the sparse due index before today (Madrid) and marks each with a condition', async () => {
    const a = keys.invoice(COMPANY, 'i1');
    const b = keys.invoice(COMPANY, 'i2');
    db.on(QueryCommand).resolves({ Items: [a, b] });
    db.on(UpdateCommand, { Key: a })
      .resolves({})
      .on(UpdateCommand, { Key: b })
      .rejects(Object.assign(new Error('cond'), { name: 'ConditionalCheckFailedException' }));

    // 23:30 UTC on 31 March is already 1 April in Madrid.
    const result = await markOverdue(deps, ctx(new Date('2026-03-31T23:30:00.000Z')));

    expect(result).toEqual({ marked: 1, moved: 0, skipped: 1, failed: 0 });
    const q = db.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(q).toMatchObject({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :today',
      ExpressionAttributeValues: { ':pk': 'INVOICES#DUE', ':today': '2026-04-01' },
    });
    const u = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(u.ConditionExpression).toBe('#status = :confirmed AND paymentStatus IN (:pending, :partial)');
    expect(u.UpdateExpression).toBe('SET paymentStatus = :overdue REMOVE gsi2pk, gsi2sk');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('keeps an OVERDUE invoice OVERDUE after a partial payment and PAID once covered', async () => {
    stored = { ...stored, paymentStatus: 'OVERDUE' };
    await pay({ amountCents: 1_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(stored.paymentStatus).toBe('OVERDUE');
    await pay({ amountCents: 241_000, paidAt: '2026-03-05', method: 'TRANSFER' });
    expect(stored.paymentStatus).toBe('PAID');
  });
});
