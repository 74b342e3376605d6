/**
 * Issue 16: payments of received invoices (the SII's RECC pagos). Each payment is ONE transaction
 * with the invoice's paid amount and status (conditioned on the version read) and its
 * RECEIVED_PAYMENT_RECORDED / RECEIVED_PAYMENT_DELETED event (every company's, for the accounting,
 * issue 18; `reportsSii` for an invoice with an SII state); never more than the total
 * payable; a deleted payment stays listed as DELETED with who, when and why.
 */

import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, call, T0, transactions, USER, useExpensesHarness } from './testing/harness';
import { type FakeTable, receivedBody, useReceivedFake } from './testing/received-fake';

useExpensesHarness();

const fake: FakeTable = { company: undefined, items: new Map(), loseRaces: 0 };

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const eventsOf = (items: Items) =>
  items.filter((i) => i.Put?.Item?.entity === 'ReceivedInvoiceEvent').map((i) => i.Put!);

let rec: ReceivedInvoice;

beforeEach(async () => {
  fake.company = { siiEnabled: true, fiscal: { vatRegime: 'CRITERIO_CAJA' } };
  fake.items = new Map();
  fake.loseRaces = 0;
  useReceivedFake(fake);
  const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody() });
  rec = res.envelope.data!;
  expect(rec.totals.totalCents).toBe(121_000);
});

const stored = () =>
  fake.items.get(keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk) as unknown as ReceivedInvoice;

const pay = (body: Record<string, unknown>) =>
  call<ReceivedInvoicePayment>({
    routeId: 'receivedInvoices.addPayment',
    params: { receivedInvoiceId: rec.receivedInvoiceId },
    body,
  });

const remove = (paymentId: string, reason?: string) =>
  call<ReceivedInvoicePayment>({
    routeId: 'receivedInvoices.deletePayment',
    params: { receivedInvoiceId: rec.receivedInvoiceId, paymentId },
    ...(reason ? { query: { reason } } : {}),
  });

describe('received invoices: payments', () => {
  it('records a payment in ONE transaction: invoice (version read), payment, RECEIVED_PAYMENT_RECORDED', async () => {
    const res = await pay({
      amountCents: 50_000,
      paidAt: '2026-03-01',
      method: 'TRANSFER',
      account: 'ES9121000418450200051332',
      reference: 'Transferencia 118',
    });
    expect(res.status).toBe(201);
    const payment = res.envelope.data!;
    expect(payment).toEqual({
      paymentId: 'id2',
      amountCents: 50_000,
      paidAt: '2026-03-01',
      method: 'TRANSFER',
      account: 'ES9121000418450200051332',
      reference: 'Transferencia 118',
      status: 'ACTIVE',
      createdAt: T0.toISOString(),
      createdBy: USER,
    });
    expect(stored()).toMatchObject({ paidCents: 50_000, paymentStatus: 'PARTIAL', version: 2 });

    const items = transactions().at(-1)!;
    expect(items[0]!.Put!.ExpressionAttributeValues).toMatchObject({ ':seen': 1, ':seenSii': 'NOT_SENT' });
    expect(items[1]!.Put).toMatchObject({
      Item: {
        ...keys.receivedInvoicePayment(COMPANY, rec.receivedInvoiceId, T0.toISOString(), 'id2'),
        entity: 'ReceivedInvoicePayment',
        receivedInvoiceId: rec.receivedInvoiceId,
        amountCents: 50_000,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    // No claim nor counter moves. The company applies the criterio de caja itself (no profile: its
    // recorded CRITERIO_CAJA), so the invoice's deduction waits for the payments (art. 163 terdecies
    // LIVA): the payment moves only received cash-basis settlements (`CAJA|…`). The event is last.
    expect(rec.deductionOnPayment).toBe('OWN_RECC');
    const updates = items.slice(2, -1).map((i) => String(i.Update?.Key?.sk));
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.every((sk) => sk.includes('#RECEIVED#K#CAJA|DOMESTIC|2100|0|C'))).toBe(true);
    expect(items.at(-1)!.Put!.Item!.entity).toBe('ReceivedInvoiceEvent');
    expect(eventsOf(items)[0]!.Item).toEqual({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_PAYMENT_RECORDED', 2),
      entity: 'ReceivedInvoiceEvent',
      v: expect.any(Number),
      kind: 'RECEIVED_PAYMENT_RECORDED',
      companyId: COMPANY,
      receivedInvoiceId: rec.receivedInvoiceId,
      receivedInvoice: expect.objectContaining({ paidCents: 50_000, paymentStatus: 'PARTIAL', version: 2 }),
      payment: {
        paymentId: 'id2',
        date: '2026-03-01',
        amountCents: 50_000,
        method: 'TRANSFER',
        account: 'ES9121000418450200051332',
        reference: 'Transferencia 118',
      },
      siiStatus: 'NOT_SENT',
      reportsSii: true,
      vatRegime: 'CRITERIO_CAJA',
      at: T0.toISOString(),
    });

    expect((await pay({ amountCents: 71_000, paidAt: '2026-03-02', method: 'CARD' })).status).toBe(201);
    expect(stored()).toMatchObject({ paidCents: 121_000, paymentStatus: 'PAID', version: 3 });
  });

  it('never pays more than the total payable, saying what is pending', async () => {
    await pay({ amountCents: 100_000, paidAt: '2026-03-01', method: 'TRANSFER' });
    const res = await pay({ amountCents: 21_001, paidAt: '2026-03-01', method: 'TRANSFER' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
      message: 'El pago supera el importe pendiente (210,00 €).',
    });
    await pay({ amountCents: 21_000, paidAt: '2026-03-01', method: 'TRANSFER' });
    const more = await pay({ amountCents: 1, paidAt: '2026-03-01', method: 'TRANSFER' });
    expect(more.envelope.error).toMatchObject({
      message: 'La factura recibida ya está pagada por completo.',
    });
    expect(stored()).toMatchObject({ paidCents: 121_000 });
  });

  it('refuses a zero amount, a future date, an unknown method and an account over 34 characters', async () => {
    const zero = await pay({ amountCents: 0, paidAt: '2026-03-01', method: 'CASH' });
    const future = await pay({ amountCents: 1, paidAt: '2026-03-03', method: 'CASH' });
    const method = await pay({ amountCents: 1, paidAt: '2026-03-01', method: 'BIZUM' });
    const account = await pay({
      amountCents: 1,
      paidAt: '2026-03-01',
      method: 'CASH',
      account: 'X'.repeat(35),
    });
    for (const res of [zero, future, method, account]) expect(res.status).toBe(400);
    expect(JSON.stringify(zero.envelope)).toContain('El importe debe ser mayor que cero.');
    expect(future.envelope.error).toMatchObject({
      field: 'paidAt',
      message: 'La fecha de pago no puede ser futura.',
    });
    expect(JSON.stringify(account.envelope)).toContain('no puede tener más de 34 caracteres');
    expect(transactions()).toHaveLength(1);
  });

  it('reads again and re-checks after losing the race to another change of the invoice', async () => {
    fake.loseRaces = 2;
    const res = await pay({ amountCents: 1_000, paidAt: '2026-03-01', method: 'CASH' });
    expect(res.status).toBe(201);
    expect(transactions()).toHaveLength(1 + 3);
    expect(stored()).toMatchObject({ paidCents: 1_000, version: 2 });
  });

  it('a deletion keeps the payment as DELETED (who, when, why) with RECEIVED_PAYMENT_DELETED', async () => {
    const paid = (await pay({ amountCents: 121_000, paidAt: '2026-03-01', method: 'TRANSFER' })).envelope
      .data!;
    const res = await remove(paid.paymentId, 'Pago duplicado');
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      paymentId: paid.paymentId,
      status: 'DELETED',
      deletedAt: T0.toISOString(),
      deletedBy: USER,
      deleteReason: 'Pago duplicado',
    });
    expect(stored()).toMatchObject({ paidCents: 0, paymentStatus: 'PENDING', version: 3 });
    const items = transactions().at(-1)!;
    expect(items[1]!.Put).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      Item: { status: 'DELETED' },
    });
    expect(eventsOf(items)[0]!.Item).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_PAYMENT_DELETED', 3),
      kind: 'RECEIVED_PAYMENT_DELETED',
      payment: { paymentId: paid.paymentId, amountCents: 121_000, date: '2026-03-01' },
      receivedInvoice: { paidCents: 0, version: 3 },
    });

    const list = await call<ReceivedInvoicePayment[]>({
      routeId: 'receivedInvoices.listPayments',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
    });
    expect(list.envelope.data!.map((p) => [p.paymentId, p.status])).toEqual([[paid.paymentId, 'DELETED']]);
    expect(list.envelope.data![0]).not.toHaveProperty('pk');

    const again = await remove(paid.paymentId);
    expect(again.envelope.error).toMatchObject({ code: 'DOC_047', message: 'El pago ya está eliminado.' });
    expect((await remove('nope')).status).toBe(404);
  });

  it('outside the SII the payments are the same, each with its event for the accounting only (reportsSii false)', async () => {
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'GENERAL' } };
    fake.items = new Map();
    rec = (await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody() })).envelope
      .data!;
    const paid = (await pay({ amountCents: 1_000, paidAt: '2026-03-01', method: 'CASH' })).envelope.data!;
    await remove(paid.paymentId);
    // The SII company's invoice of the beforeEach, then this one, its payment and its deletion.
    expect(transactions()).toHaveLength(4);
    const [registered, recorded, deleted] = transactions()
      .slice(1)
      .map((items) => {
        const events = eventsOf(items);
        expect(events).toHaveLength(1);
        // The event is the transaction's last item, as for an SII company.
        expect(items.at(-1)!.Put).toBe(events[0]);
        return events[0]!.Item!;
      });
    expect(registered).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_REGISTERED', 1),
      kind: 'RECEIVED_REGISTERED',
      siiStatus: null,
      reportsSii: false,
      vatRegime: 'GENERAL',
    });
    expect(recorded).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_PAYMENT_RECORDED', 2),
      kind: 'RECEIVED_PAYMENT_RECORDED',
      payment: { paymentId: paid.paymentId, amountCents: 1_000, method: 'CASH', date: '2026-03-01' },
      receivedInvoice: { paidCents: 1_000, version: 2 },
      siiStatus: null,
      reportsSii: false,
    });
    expect(deleted).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_PAYMENT_DELETED', 3),
      kind: 'RECEIVED_PAYMENT_DELETED',
      payment: { paymentId: paid.paymentId, amountCents: 1_000 },
      receivedInvoice: { paidCents: 0, version: 3 },
      reportsSii: false,
    });
  });

  it('an invoice with payments is not deleted, and a correction may not lower its total below what was paid', async () => {
    await pay({ amountCents: 100_000, paidAt: '2026-03-01', method: 'TRANSFER' });
    const del = await call({
      routeId: 'receivedInvoices.delete',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
    });
    expect(del.envelope.error).toMatchObject({ code: 'DOC_047', details: { reason: 'HAS_PAYMENTS' } });
    const lower = await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({
        lines: [{ description: 'Material', quantity: 1, unitPriceCents: 50_000, vatRateBp: 2100 }],
      }),
    });
    expect(lower.envelope.error).toMatchObject({ code: 'CORE_004', details: { reason: 'BELOW_PAID' } });
    // A correction that keeps it covered keeps what was paid and recomputes the status.
    const same = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({ notes: 'Revisada' }),
    });
    expect(same.envelope.data).toMatchObject({ paidCents: 100_000, paymentStatus: 'PARTIAL', version: 3 });
    expect(transactions()).toHaveLength(3);
  });

  it('an unknown invoice answers 404 for its payments', async () => {
    const res = await call({
      routeId: 'receivedInvoices.listPayments',
      params: { receivedInvoiceId: 'nope' },
    });
    expect(res.status).toBe(404);
  });
});
