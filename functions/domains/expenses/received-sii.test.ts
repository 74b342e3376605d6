/**
 * Issue 16 on the received side: an SII company's received invoices enter the SII as NOT_SENT, and
 * every change of them (registration, correction, approval, category, deletion) writes its
 * `ReceivedInvoiceEvent` in the SAME transaction; the intra-EU operation (book OI) is kept; older
 * items read with no SII state, no operation and nothing paid. Issue 18: every company's changes
 * write their event (the accounting's), marked `reportsSii` only when the SII hears of it.
 */

import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { receivedInvoiceItem } from './store/received-invoices';
import { COMPANY, call, db, T0, transactions, useExpensesHarness } from './testing/harness';
import { type FakeTable, receivedBody, useReceivedFake } from './testing/received-fake';

useExpensesHarness();

const fake: FakeTable = { company: undefined, items: new Map(), loseRaces: 0 };
const siiCompany = { siiEnabled: true, fiscal: { vatRegime: 'CRITERIO_CAJA' } };

beforeEach(() => {
  fake.company = siiCompany;
  fake.items = new Map();
  fake.loseRaces = 0;
  useReceivedFake(fake);
});

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const eventsOf = (items: Items) =>
  items.filter((i) => i.Put?.Item?.entity === 'ReceivedInvoiceEvent').map((i) => i.Put!);

const intraEu = {
  operationType: 'B',
  memberState: 'DE',
  goodsDescription: 'Moldes de inyección',
  operatorAddress: 'Hauptstraße 5, 10115 Berlin',
  invoicesOrDocuments: 'CMR 2026-118',
};

const register = async (over: Record<string, unknown> = {}) => {
  const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody(over) });
  expect(res.status).toBe(201);
  return res.envelope.data!;
};

describe('received invoices of an SII company tell the SII every change', () => {
  it('a registration enters as NOT_SENT, with RECEIVED_REGISTERED last in the same transaction', async () => {
    const rec = await register({ intraEuOperation: intraEu });
    expect(rec).toMatchObject({ siiStatus: 'NOT_SENT', intraEuOperation: intraEu, paidCents: 0 });
    expect(rec.paymentStatus).toBe('PENDING');

    const [items, ...rest] = transactions();
    expect(rest).toHaveLength(0);
    const [event, ...more] = eventsOf(items!);
    expect(more).toHaveLength(0);
    expect(items!.at(-1)!.Put).toBe(event);
    expect(event!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(event!.Item).toEqual({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_REGISTERED', 1),
      entity: 'ReceivedInvoiceEvent',
      v: expect.any(Number),
      kind: 'RECEIVED_REGISTERED',
      companyId: COMPANY,
      receivedInvoiceId: rec.receivedInvoiceId,
      receivedInvoice: rec,
      siiStatus: 'NOT_SENT',
      reportsSii: true,
      vatRegime: 'CRITERIO_CAJA',
      at: T0.toISOString(),
    });
    // The SII flag is read in the write path, strongly consistent.
    const read = db
      .commandCalls(GetCommand)
      .find((c) => c.args[0].input.Key?.sk === keys.company(COMPANY).sk)!;
    expect(read.args[0].input.ConsistentRead).toBe(true);
  });

  it('outside the SII: no SII state; registration, correction and deletion write their event, reportsSii false', async () => {
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'GENERAL' } };
    const rec = await register();
    expect(rec.siiStatus).toBeNull();
    const updated = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({ notes: 'Revisada' }),
    });
    expect(updated.status).toBe(200);
    const deleted = await call({
      routeId: 'receivedInvoices.delete',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
    });
    expect(deleted.status).toBe(200);

    const events = transactions().map((items) => {
      const [event, ...more] = eventsOf(items);
      expect(more).toHaveLength(0);
      expect(items.at(-1)!.Put).toBe(event);
      return event!.Item!;
    });
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_REGISTERED', 1),
      entity: 'ReceivedInvoiceEvent',
      v: expect.any(Number),
      kind: 'RECEIVED_REGISTERED',
      companyId: COMPANY,
      receivedInvoiceId: rec.receivedInvoiceId,
      receivedInvoice: rec,
      siiStatus: null,
      reportsSii: false,
      vatRegime: 'GENERAL',
      at: T0.toISOString(),
    });
    expect(events[1]).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_UPDATED', 2),
      kind: 'RECEIVED_UPDATED',
      receivedInvoice: { version: 2, notes: 'Revisada', siiStatus: null },
      reportsSii: false,
    });
    expect(events[2]).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_DELETED', 2),
      kind: 'RECEIVED_DELETED',
      receivedInvoice: { version: 2 },
      reportsSii: false,
    });
  });

  it('an invoice booked before its company joined the SII (no SII state) is not reported by its changes', async () => {
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'GENERAL' } };
    const rec = await register();
    fake.company = siiCompany;
    await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({ notes: 'Revisada' }),
    });
    expect(eventsOf(transactions()[1]!)[0]!.Item).toMatchObject({
      kind: 'RECEIVED_UPDATED',
      siiStatus: null,
      reportsSii: false,
    });
  });

  it('a correction keeps the SII state, writes RECEIVED_UPDATED with the invoice after it and is conditioned on the state read', async () => {
    const rec = await register();
    // The SII worker moved it meanwhile (it mirrors its state on the item).
    const accepted = { ...receivedInvoiceItem(rec), siiStatus: 'ACCEPTED' };
    fake.items.set(keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk, accepted);
    db.resetHistory();

    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({ notes: 'Revisada', intraEuOperation: intraEu }),
    });
    expect(res.status).toBe(200);
    const next = res.envelope.data!;
    expect(next).toMatchObject({ siiStatus: 'ACCEPTED', version: 2, intraEuOperation: intraEu });

    const items = transactions()[0]!;
    expect(items[0]!.Put).toMatchObject({
      ConditionExpression: 'version = :seen AND siiStatus = :seenSii',
      ExpressionAttributeValues: { ':seen': 1, ':seenSii': 'ACCEPTED' },
    });
    const [event] = eventsOf(items);
    expect(event!.Item).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_UPDATED', 2),
      kind: 'RECEIVED_UPDATED',
      receivedInvoice: { version: 2, notes: 'Revisada', intraEuOperation: intraEu, siiStatus: 'ACCEPTED' },
      siiStatus: 'ACCEPTED',
    });
  });

  it('a correction that raced the SII worker is refused, writing nothing', async () => {
    const rec = await register();
    const key = keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk;
    // Read as NOT_SENT, then the worker writes QUEUED before the correction's transaction.
    db.on(GetCommand, { Key: keys.receivedInvoice(COMPANY, rec.receivedInvoiceId) }).callsFakeOnce(() => {
      const item = fake.items.get(key)!;
      fake.items.set(key, { ...item, siiStatus: 'QUEUED' });
      return { Item: item };
    });
    const res = await call({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: receivedBody({ notes: 'Otra' }),
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', details: { reason: 'CONCURRENT_UPDATE' } });
    expect(fake.items.get(key)).toMatchObject({ siiStatus: 'QUEUED', version: 1 });
  });

  it('approval and a new category are events too (each a new version of the stored invoice)', async () => {
    const rec = await register();
    const approved = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.setApproval',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: { status: 'APPROVED' },
    });
    expect(approved.status).toBe(200);
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'cat1') }).resolves({
      Item: { categoryId: 'cat1', isActive: true },
    });
    const categorised = await call({
      routeId: 'receivedInvoices.assignCategory',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: { categoryId: 'cat1' },
    });
    expect(categorised.status).toBe(200);
    const [, approval, category] = transactions();
    expect(eventsOf(approval!)[0]!.Item).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_UPDATED', 2),
      receivedInvoice: { approvalStatus: 'APPROVED', version: 2 },
    });
    expect(eventsOf(category!)[0]!.Item).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_UPDATED', 3),
      receivedInvoice: { expenseCategoryId: 'cat1', version: 3 },
    });
  });

  it('a deletion writes RECEIVED_DELETED with the invoice as last stored', async () => {
    const rec = await register();
    const res = await call({
      routeId: 'receivedInvoices.delete',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
    });
    expect(res.status).toBe(200);
    const [event] = eventsOf(transactions()[1]!);
    expect(event!.Item).toMatchObject({
      ...keys.receivedInvoiceEvent(COMPANY, rec.receivedInvoiceId, 'RECEIVED_DELETED', 1),
      kind: 'RECEIVED_DELETED',
      receivedInvoice: { receivedInvoiceId: rec.receivedInvoiceId, version: 1, siiStatus: 'NOT_SENT' },
      siiStatus: 'NOT_SENT',
      reportsSii: true,
    });
    expect(fake.items.has(keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk)).toBe(false);
  });

  it('an invoice the AEAT holds is still reported after the company left the SII', async () => {
    const rec = await register();
    fake.company = { siiEnabled: false, fiscal: { vatRegime: 'GENERAL' } };
    await call({ routeId: 'receivedInvoices.delete', params: { receivedInvoiceId: rec.receivedInvoiceId } });
    expect(eventsOf(transactions()[1]!)[0]!.Item).toMatchObject({
      kind: 'RECEIVED_DELETED',
      siiStatus: 'NOT_SENT',
      reportsSii: true,
    });
  });

  it('reads an item stored before the SII and payments with null state, no operation and nothing paid', async () => {
    fake.company = undefined;
    const rec = await register();
    const {
      siiStatus: _s,
      intraEuOperation: _i,
      paidCents: _p,
      paymentStatus: _ps,
      ...old
    } = receivedInvoiceItem(rec) as Record<string, unknown>;
    fake.items.set(keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk, old);
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.get',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
    });
    expect(res.envelope.data).toMatchObject({
      siiStatus: null,
      intraEuOperation: null,
      paidCents: 0,
      paymentStatus: 'PENDING',
    });
  });

  it('refuses an intra-EU operation with Spain as the member state', async () => {
    const res = await call({
      routeId: 'receivedInvoices.create',
      body: receivedBody({ intraEuOperation: { ...intraEu, memberState: 'ES' } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.envelope)).toContain(
      'El Estado miembro debe ser otro país de la Unión Europea.',
    );
    expect(transactions()).toHaveLength(0);
  });
});
