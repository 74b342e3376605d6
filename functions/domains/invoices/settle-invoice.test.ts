/**
 * Issue 19: `settle-invoice`, the invokable bank reconciliation records and removes the collections
 * of issued invoices through (shared/schemas/settlement.ts): the domain's own payment rules and
 * transaction, idempotent by the caller's key.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { Invoice } from '@shared/schemas/invoices';
import type { SettleRequest } from '@shared/schemas/settlement';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoicesDeps } from './store/deps';
import { invoiceItem } from './store/invoices';
import { issuerCompany } from './testing/harness';
import { settleInvoice, settlementPaymentId } from './workers/settle-invoice';

const TABLE = 'cuadra-test';
const COMPANY = 'co-1';
const T0 = new Date('2026-03-10T10:00:00.000Z');

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps: InvoicesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => 'unused',
};

const invoice: Invoice = {
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
};

let stored: Record<string, unknown>;
let payments: Record<string, unknown>[];

const conditionFailed = () =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });

/** The invoice update (first item, conditioned on the paid amount read) and the payment item (second). */
function applyTransaction(input: TransactWriteCommandInput) {
  const v = input.TransactItems![0]!.Update!.ExpressionAttributeValues!;
  if (':seenPaid' in v && (stored.paidCents ?? 0) !== v[':seenPaid']) throw conditionFailed();
  stored = { ...stored, paidCents: v[':paidCents'], paymentStatus: v[':ps'] };
  const item = input.TransactItems![1]!.Put!.Item!;
  payments = [...payments.filter((p) => p.paymentId !== item.paymentId), item];
  return {};
}

beforeEach(() => {
  db.reset();
  stored = invoiceItem(invoice);
  payments = [];
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany },
  });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'i1') }).callsFake(() => ({ Item: stored }));
  db.on(QueryCommand).callsFake(() => ({ Items: payments }));
  db.on(PutCommand).resolves({});
  db.on(TransactWriteCommand).callsFake(applyTransaction);
});

const record = (over: Partial<Extract<SettleRequest, { action: 'RECORD' }>> = {}): SettleRequest => ({
  action: 'RECORD',
  companyId: COMPANY,
  documentId: 'i1',
  amountCents: 242_000,
  date: '2026-03-06',
  method: 'TRANSFER',
  reference: 'TRF FERRETERIA LOPEZ F-2026-0001',
  idempotencyKey: 'session-1#match-1#0',
  userId: 'user-1',
  ...over,
});

describe('settle-invoice', () => {
  it('RECORD adds a TRANSFER payment dated the booking date: the invoice becomes PAID', async () => {
    const res = await settleInvoice(deps, record());
    expect(res).toEqual({
      paymentId: settlementPaymentId('session-1#match-1#0'),
      outcome: 'DONE',
      paymentStatus: 'PAID',
    });
    expect(stored).toMatchObject({ paidCents: 242_000, paymentStatus: 'PAID' });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      entity: 'InvoicePayment',
      paymentId: res.paymentId,
      amountCents: 242_000,
      paidAt: '2026-03-06',
      method: 'TRANSFER',
      reference: 'TRF FERRETERIA LOPEZ F-2026-0001',
      createdBy: 'user-1',
    });
  });

  it('a second call with the same key answers the same payment and writes nothing', async () => {
    const first = await settleInvoice(deps, record({ amountCents: 100_000 }));
    const second = await settleInvoice(deps, record({ amountCents: 100_000 }));
    expect(second).toEqual({ paymentId: first.paymentId, outcome: 'ALREADY_DONE', paymentStatus: 'PARTIAL' });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(stored).toMatchObject({ paidCents: 100_000 });
    const other = await settleInvoice(deps, record({ amountCents: 100_000, idempotencyKey: 'other' }));
    expect(other.paymentId).not.toBe(first.paymentId);
    expect(stored).toMatchObject({ paidCents: 200_000 });
  });

  it('a lost race with the same key (another attempt won) answers that payment', async () => {
    let raced = false;
    db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
      if (!raced) {
        raced = true;
        applyTransaction(input); // the other attempt commits the same payment...
        throw conditionFailed(); // ...and this one loses
      }
      return applyTransaction(input);
    });
    const res = await settleInvoice(deps, record());
    expect(res.outcome).toBe('ALREADY_DONE');
    expect(payments).toHaveLength(1);
  });

  it("refuses with the domain's error: more than pending, before the invoice date", async () => {
    await expect(settleInvoice(deps, record({ amountCents: 242_001 }))).rejects.toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
    });
    await expect(settleInvoice(deps, record({ date: '2026-03-01' }))).rejects.toMatchObject({
      code: 'CORE_004',
      field: 'paidAt',
    });
  });

  it('REMOVE deletes the collection (Devolución bancaria) and then answers ALREADY_DONE', async () => {
    const { paymentId } = await settleInvoice(deps, record());
    const remove: SettleRequest = {
      action: 'REMOVE',
      companyId: COMPANY,
      documentId: 'i1',
      paymentId,
      reason: 'Devolución bancaria',
      idempotencyKey: 'session-2#match-1#0',
      userId: 'user-1',
    };
    const res = await settleInvoice(deps, remove);
    expect(res).toMatchObject({ paymentId, outcome: 'DONE' });
    expect(stored).toMatchObject({ paidCents: 0 });
    expect(payments[0]).toMatchObject({ paymentId, status: 'DELETED' });
    expect(await settleInvoice(deps, remove)).toMatchObject({ paymentId, outcome: 'ALREADY_DONE' });
    expect(stored).toMatchObject({ paidCents: 0 });
  });
});
