import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { receivedStatusAt } from './model/received-due-dates';
import type { ExpensesDeps } from './store/deps';
import { receivedInvoiceItem } from './store/received-invoices';
import { COMPANY, call, db, TABLE, transactions, useExpensesHarness } from './testing/harness';
import { type FakeTable, receivedBody, SUPPLIER, useReceivedFake } from './testing/received-fake';
import { DUE_DATES_BACKFILL_VERSION } from './workers/backfill-due-dates';
import { markReceivedOverdue } from './workers/mark-received-overdue';

useExpensesHarness();

const halves: PaymentTerms = {
  instalments: [
    { days: 30, percentBp: 5000 },
    { days: 60, percentBp: 5000 },
  ],
};

const fake: FakeTable = { company: undefined, items: new Map(), loseRaces: 0 };
const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null } }).error;
const invoicePut = () =>
  transactions()[0]!.find((t) => t.Put?.Item?.entity === 'ReceivedInvoice')!.Put!.Item as ReceivedInvoice &
    Record<string, unknown>;

describe('received invoices: due dates (issue 19)', () => {
  beforeEach(() => {
    fake.company = { siiEnabled: false };
    fake.items = new Map();
    useReceivedFake(fake);
  });

  it("takes the supplier's instalments and enters the overdue index at the first", async () => {
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({
      Item: { ...SUPPLIER, paymentTerms: halves },
    });
    const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody() });
    expect(res.envelope.data!.dueDates).toEqual([
      { dueDate: '2026-03-29', amountCents: 60_500 },
      { dueDate: '2026-04-28', amountCents: 60_500 },
    ]);
    expect(res.envelope.data!.dueDate).toBe('2026-03-29');
    expect(res.envelope.data!.paymentStatus).toBe('PENDING');
    expect(invoicePut().gsi2sk).toBe(
      keys.receivedInvoiceDue('2026-03-29', COMPANY, res.envelope.data!.receivedInvoiceId).gsi2sk,
    );
  });

  it("reads a supplier with days only as one instalment, and a body's dueDate wins", async () => {
    const byDays = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody() });
    expect(byDays.envelope.data!.dueDates).toEqual([{ dueDate: '2026-03-29', amountCents: 121_000 }]);
    const explicit = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: receivedBody({ supplierInvoiceNumber: 'F-2', dueDate: '2026-03-10' }),
    });
    expect(explicit.envelope.data!.dueDates).toEqual([{ dueDate: '2026-03-10', amountCents: 121_000 }]);
  });

  it('checks explicit due dates against the total payable', async () => {
    const wrong = await call({
      routeId: 'receivedInvoices.create',
      body: receivedBody({ dueDates: [{ dueDate: '2026-03-10', amountCents: 100_000 }] }),
    });
    expect(errorOf(wrong)).toMatchObject({ code: 'CORE_004', field: 'dueDates' });
  });

  it('is OVERDUE at registration when a due date has already passed', async () => {
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.create',
      body: receivedBody({ dueDate: '2026-02-28' }),
    });
    expect(res.envelope.data!.paymentStatus).toBe('OVERDUE');
    expect(invoicePut().gsi2pk).toBeUndefined();
  });
});

describe('receivedStatusAt', () => {
  const r = {
    totals: { totalCents: 1000 } as ReceivedInvoice['totals'],
    dueDates: [
      { dueDate: '2026-03-01', amountCents: 500 },
      { dueDate: '2026-04-01', amountCents: 500 },
    ],
  };
  it('settles the due dates oldest first', () => {
    expect(receivedStatusAt(r, 0, '2026-03-01')).toBe('PENDING');
    expect(receivedStatusAt(r, 0, '2026-03-02')).toBe('OVERDUE');
    expect(receivedStatusAt(r, 500, '2026-03-02')).toBe('PARTIAL');
    expect(receivedStatusAt(r, 500, '2026-04-02')).toBe('OVERDUE');
    expect(receivedStatusAt(r, 1000, '2026-04-02')).toBe('PAID');
    // Nothing payable (a rectificativa that lowers a debt): PAID.
    expect(
      receivedStatusAt({ totals: { totalCents: -100 } as ReceivedInvoice['totals'] }, 0, '2026-04-02'),
    ).toBe('PAID');
  });
});

describe('schedule received-invoices-overdue', () => {
  const log = createLogger({});
  const deps: Pick<ExpensesDeps, 'db' | 'table' | 'now'> = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date('2026-04-10T08:00:00.000Z'),
  };
  const ctx = () => ({ log, now: deps.now(), remainingMs: () => 240_000 });

  const received = (over: Partial<ReceivedInvoice> = {}): ReceivedInvoice =>
    ({
      receivedInvoiceId: 'r1',
      companyId: COMPANY,
      supplier: { supplierId: 's1', name: 'Eléctrica Peñalara SL', taxId: 'B12345674', country: 'ES' },
      supplierInvoiceNumber: 'F-1',
      invoiceType: 'F1',
      rectification: null,
      issueDate: '2026-02-27',
      accountingDate: '2026-03-02',
      lines: [],
      irpfRateBp: 0,
      expenseCategoryId: null,
      attachments: [],
      approvalStatus: 'APPROVED',
      approval: null,
      totals: { totalCents: 121_000 },
      paidCents: 0,
      paymentStatus: 'PENDING',
      version: 3,
      createdBy: 'u',
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
      ...over,
    }) as ReceivedInvoice;

  const invoice = {
    ...keys.invoice(COMPANY, 'i1'),
    invoiceId: 'i1',
    companyId: COMPANY,
    status: 'CONFIRMED',
    invoiceType: 'F1',
    invoiceDate: '2026-03-01',
    dueDate: null,
    customer: { customerId: 'c1' },
    totals: { totalCents: 10_000 },
    paymentStatus: 'PENDING',
    paidCents: 0,
  };

  function table(opts: { done?: boolean; due?: Record<string, unknown>[] }) {
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      if (pk === keys.companyDirectory().gsi2pk) return { Items: [{ companyId: COMPANY }] };
      if (pk === keys.invoiceByDatePartition(COMPANY).gsi1pk) return { Items: [invoice] };
      if (pk === keys.receivedInvoiceByDatePartition(COMPANY).gsi1pk) {
        return { Items: [receivedInvoiceItem(received({ dueDate: '2026-03-15' }))] };
      }
      if (pk === keys.receivedInvoiceDuePartition().gsi2pk) return { Items: opts.due ?? [] };
      return { Items: [] };
    });
    db.on(GetCommand, { Key: keys.dueDatesBackfill(COMPANY) }).resolves(
      opts.done ? { Item: { version: DUE_DATES_BACKFILL_VERSION } } : {},
    );
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: { paymentTerms: halves, paymentTermsDays: 30 },
    });
    db.on(UpdateCommand).resolves({});
    db.on(PutCommand).resolves({});
  }
  const updates = () => db.commandCalls(UpdateCommand).map((c) => c.args[0].input);

  it('fills due dates from the terms in force, conditioned on their absence, then marks the company done', async () => {
    table({});
    const result = await markReceivedOverdue(deps, ctx());
    expect(result.backfill).toEqual({
      invoices: 1,
      receivedInvoices: 1,
      companiesDone: 1,
      skipped: 0,
      failed: 0,
    });
    const [inv, rec] = updates();
    expect(inv!.ConditionExpression).toBe('attribute_exists(pk) AND attribute_not_exists(dueDates)');
    const set = (u: NonNullable<typeof inv>) =>
      Object.fromEntries(
        Object.entries(u.ExpressionAttributeNames!).map(([k, n]) => [
          n,
          u.ExpressionAttributeValues![k.replace('#a', ':v')],
        ]),
      );
    // The customer's 50/50 at 30 and 60 days; a confirmed invoice owed enters the overdue index.
    expect(set(inv!)).toEqual({
      dueDates: [
        { dueDate: '2026-03-31', amountCents: 5000 },
        { dueDate: '2026-04-30', amountCents: 5000 },
      ],
      dueDate: '2026-03-31',
      ...keys.invoiceDue('2026-03-31', COMPANY, 'i1'),
    });
    // A received invoice with a due date keeps it as one instalment.
    expect(set(rec!)).toMatchObject({ dueDates: [{ dueDate: '2026-03-15', amountCents: 121_000 }] });
    const marker = db.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(marker).toMatchObject({ ...keys.dueDatesBackfill(COMPANY), version: DUE_DATES_BACKFILL_VERSION });
  });

  it('skips a company already done, and marks OVERDUE only what the payments do not cover', async () => {
    const missed: Record<string, unknown> = receivedInvoiceItem(
      received({
        receivedInvoiceId: 'r1',
        dueDates: [
          { dueDate: '2026-03-29', amountCents: 60_500 },
          { dueDate: '2026-04-28', amountCents: 60_500 },
        ],
        paidCents: 10_000,
        paymentStatus: 'PARTIAL',
      }),
    );
    const covered = {
      ...receivedInvoiceItem(
        received({
          receivedInvoiceId: 'r2',
          dueDates: [
            { dueDate: '2026-03-29', amountCents: 60_500 },
            { dueDate: '2026-04-28', amountCents: 60_500 },
          ],
          paidCents: 60_500,
          paymentStatus: 'PARTIAL',
        }),
      ),
      ...keys.receivedInvoiceDue('2026-03-29', COMPANY, 'r2'),
    };
    expect(missed.gsi2sk).toBe(keys.receivedInvoiceDue('2026-03-29', COMPANY, 'r1').gsi2sk);
    expect(covered.gsi2sk).toBe(keys.receivedInvoiceDue('2026-03-29', COMPANY, 'r2').gsi2sk);
    table({ done: true, due: [missed, covered] });

    const result = await markReceivedOverdue(deps, ctx());

    expect(result).toMatchObject({ marked: 1, moved: 1, skipped: 0, failed: 0 });
    expect(result.backfill.companiesDone).toBe(0);
    const [mark, move] = updates();
    expect(mark!.Key).toEqual(keys.receivedInvoice(COMPANY, 'r1'));
    expect(mark!.UpdateExpression).toBe('SET paymentStatus = :overdue REMOVE gsi2pk, gsi2sk');
    expect(mark!.ConditionExpression).toBe('version = :v AND paymentStatus IN (:pending, :partial)');
    expect(mark!.ExpressionAttributeValues![':v']).toBe(3);
    expect(move!.ExpressionAttributeValues![':g2sk']).toBe(
      keys.receivedInvoiceDue('2026-04-28', COMPANY, 'r2').gsi2sk,
    );
  });

  it('counts a lost race as skipped', async () => {
    table({ done: true, due: [receivedInvoiceItem(received({ dueDate: '2026-03-01' }))] });
    db.on(UpdateCommand).rejects(
      Object.assign(new Error('cond'), { name: 'ConditionalCheckFailedException' }),
    );
    const result = await markReceivedOverdue(deps, ctx());
    expect(result).toMatchObject({ marked: 0, moved: 0, skipped: 1 });
  });
});
