import {
  BatchGetCommand,
  type BatchGetCommandInput,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Page } from '@shared/api/envelope';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { COMPANY, invoicesHarness, T0, TABLE, USER } from './testing/harness';

const { db, call } = invoicesHarness('lst');

const inv = (id: string, over: Partial<Invoice> & Record<string, unknown> = {}): Invoice =>
  ({
    invoiceId: id,
    companyId: COMPANY,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: '2026-02-10',
    operationDate: null,
    dueDate: null,
    paymentMethod: null,
    notes: null,
    customer: {
      customerId: 'c1',
      name: 'Zapatería Ana',
      taxId: '12345678Z',
      address: '',
      postalCode: '',
      city: '',
      country: 'ES',
      vatTreatment: 'DOMESTIC',
    },
    invoiceLines: [],
    irpfRateBp: 0,
    totals: { baseCents: 100, vatCents: 21, recargoCents: 0, irpfCents: 0, totalCents: 121 },
    breakdown: [],
    legalMentions: [],
    series: 'F',
    seriesId: 'f1',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: 'F-2026-0001',
    confirmedAt: T0.toISOString(),
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
    ...over,
  }) as Invoice;

let stored: Invoice[] = [];
const queries = () => db.commandCalls(QueryCommand).map((c) => c.args[0].input);

beforeEach(() => {
  db.reset();
  stored = [];
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(QueryCommand).callsFake((_input: QueryCommandInput) => ({ Items: stored.map(invoiceItem) }));
  // A filtered list reads summaries, then the page's full invoices with one BatchGet.
  db.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const wanted = new Set(Object.values(input.RequestItems!)[0]!.Keys!.map((k) => String(k.sk)));
    return { Responses: { [TABLE]: stored.map(invoiceItem).filter((i) => wanted.has(i.sk)) } };
  });
});

const list = (routeId: RouteId, query: Record<string, string> = {}) =>
  call<Page<Invoice>>({ routeId, query });

describe('work listings', () => {
  it('pending confirmation: one gsi1 Query up to today (Madrid) filtered on DRAFT, oldest first', async () => {
    stored = [
      inv('d2', { status: 'DRAFT', invoiceDate: '2026-03-01', number: null, invoiceNumber: null }),
      inv('d1', { status: 'DRAFT', invoiceDate: '2026-02-01', number: null, invoiceNumber: null }),
    ];

    const res = await list('invoices.pendingConfirmation');

    expect(res.status).toBe(200);
    expect(res.envelope.data!.content.map((i) => i.invoiceId)).toEqual(['d1', 'd2']);
    const q = queries()[0]!;
    expect(q.IndexName).toBe('gsi1');
    expect(q.KeyConditionExpression).toBe('gsi1pk = :pk AND gsi1sk <= :to');
    expect(q.ExpressionAttributeValues).toMatchObject({
      ':pk': keys.invoiceByDatePartition(COMPANY).gsi1pk,
      ':to': '2026-03-02#~',
      ':draft': 'DRAFT',
    });
    expect(q.FilterExpression).toBe('#status = :draft');
  });

  it('drafts pending the user: filtered on origin RECURRING or IMPORT', async () => {
    stored = [inv('r1', { status: 'DRAFT', origin: 'RECURRING' })];

    const res = await list('invoices.draftsPendingUserConfirmation', { size: '5' });

    expect(res.envelope.data).toMatchObject({ totalElements: 1, size: 5 });
    const q = queries()[0]!;
    expect(q.FilterExpression).toBe('#status = :draft AND #origin IN (:recurring, :import)');
    expect(q.ExpressionAttributeValues).toMatchObject({ ':recurring': 'RECURRING', ':import': 'IMPORT' });
  });

  it('confirmed pending SII: filtered on the five SII states that still need work', async () => {
    stored = [inv('s1', { siiStatus: 'ERROR' })];

    const res = await list('invoices.confirmedPendingSii');

    expect(res.envelope.data!.content).toHaveLength(1);
    const q = queries()[0]!;
    expect(q.FilterExpression).toBe(
      '#status = :confirmed AND siiStatus IN (:sii0, :sii1, :sii2, :sii3, :sii4)',
    );
    expect(Object.values(q.ExpressionAttributeValues!).filter((v) => typeof v === 'string')).toEqual(
      expect.arrayContaining(['NOT_SENT', 'QUEUED', 'ERROR', 'REJECTED', 'PENDING_CORRECTION']),
    );
  });
});

describe('invoices.list filters and sorting', () => {
  beforeEach(() => {
    stored = [
      inv('a', {
        invoiceType: 'R1',
        siiStatus: 'ACCEPTED',
        paymentStatus: 'PAID',
        number: 2,
        invoiceNumber: 'F-2026-0002',
      }),
      inv('b', {
        siiStatus: 'ERROR',
        paymentStatus: 'PENDING',
        number: 10,
        invoiceNumber: 'F-2026-0010',
        totals: { baseCents: 1000, vatCents: 0, recargoCents: 0, irpfCents: 0, totalCents: 1000 },
        customer: { ...inv('x').customer!, name: 'Alfarería Peña' },
      }),
      inv('c', { number: 9, invoiceNumber: 'F-2026-0009', totals: { ...inv('x').totals, totalCents: -50 } }),
    ];
  });

  it('filters by type R1, siiStatus and paymentStatus', async () => {
    const r1 = await list('invoices.list', { type: 'R1' });
    const sii = await list('invoices.list', { siiStatus: 'ERROR' });
    const paid = await list('invoices.list', { paymentStatus: 'PAID' });

    expect(r1.envelope.data!.content.map((i) => i.invoiceId)).toEqual(['a']);
    expect(sii.envelope.data!.content.map((i) => i.invoiceId)).toEqual(['b']);
    expect(paid.envelope.data!.content.map((i) => i.invoiceId)).toEqual(['a']);
  });

  it('sorts by number (numerically), total and customer', async () => {
    const ids = async (sort: string) =>
      (await list('invoices.list', { sort })).envelope.data!.content.map((i) => i.invoiceId);

    expect(await ids('number,asc')).toEqual(['a', 'c', 'b']);
    expect(await ids('total,desc')).toEqual(['b', 'a', 'c']);
    expect(await ids('customer,asc')).toEqual(['b', 'a', 'c']);
  });

  it('refuses an unknown type or SII state', async () => {
    const res = await list('invoices.list', { siiStatus: 'LOST' });
    expect(res.status).toBe(400);
  });
});
