import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  eventIdOf,
  handler,
  type PublishDeps,
  publishChange,
  publishInvoiceEvent,
  targetsOf,
} from './publish-invoice-events';

useEnv({
  TABLE_NAME: 'cuadra-test',
  AWS_REGION: 'eu-west-1',
  LOG_LEVEL: 'silent',
  [envNames.queueUrl('sii')]: 'https://sqs.local/sii',
  [envNames.queueUrl('accounting')]: 'https://sqs.local/accounting',
  [envNames.queueUrl('treasury')]: 'https://sqs.local/treasury',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const db = mockClient(DynamoDBDocumentClient);
const sqsMock = mockClient(SQSClient);
const log = createLogger();
const ctx = { log };

const KEY = keys.invoiceEvent('co-1', 'inv-1', 'INVOICE_CONFIRMED');
const QUEUES = {
  sii: 'https://sqs.local/sii',
  accounting: 'https://sqs.local/accounting',
  treasury: 'https://sqs.local/treasury',
};

const deps: PublishDeps = {
  db: testDocumentClient(),
  sqs: new SQSClient({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
  table: 'cuadra-test',
  queueUrl: (t) => QUEUES[t],
  now: () => new Date('2026-03-02T10:00:00.000Z'),
};

const event = (over: Record<string, unknown> = {}) => ({
  ...KEY,
  entity: 'InvoiceEvent',
  v: 1,
  kind: 'INVOICE_CONFIRMED',
  invoiceId: 'inv-1',
  companyId: 'co-1',
  invoiceType: 'F1',
  invoiceNumber: 'F-2026-0001',
  totals: { baseCents: 10_000, vatCents: 2_100, recargoCents: 0, irpfCents: 0, totalCents: 12_100 },
  siiStatus: null,
  ...over,
});

const sends = () => sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);
const marks = () =>
  db.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeNames!['#mark']);

beforeEach(() => {
  db.reset();
  sqsMock.reset();
  sqsMock.on(SendMessageCommand).resolves({ MessageId: 'm' });
  db.on(UpdateCommand).resolves({});
});

describe('publish-invoice-events', () => {
  const eventId = createHash('sha256').update(`${KEY.pk}|${KEY.sk}`).digest('hex');

  it('sends to accounting and treasury only (VeriFacTu writes its own records; no SII state, no SII)', async () => {
    db.on(GetCommand).resolves({ Item: event({ publishedVerifactuAt: 'old' }) });
    const sent = await publishInvoiceEvent(deps, KEY, ctx);
    expect(sent).toEqual(['accounting', 'treasury']);
    const [a, t, ...rest] = sends();
    expect(rest).toHaveLength(0);
    // The treasury queue reads the same body as accounting (issue 19: the open-items projection).
    expect(t!.QueueUrl).toBe(QUEUES.treasury);
    expect(t!.MessageBody).toBe(a!.MessageBody);
    expect(eventIdOf(KEY)).toBe(eventId);
    expect(a!.QueueUrl).toBe(QUEUES.accounting);
    expect(a!.MessageGroupId).toBeUndefined();
    expect(a!.MessageDeduplicationId).toBeUndefined();
    const body = JSON.parse(a!.MessageBody!);
    expect(body).toMatchObject({
      eventId,
      kind: 'INVOICE_CONFIRMED',
      invoiceId: 'inv-1',
      invoiceNumber: 'F-2026-0001',
    });
    expect(body).not.toHaveProperty('pk');
    expect(body).not.toHaveProperty('entity');
    // A mark of the retired VeriFacTu target (events stored before) does not leak into the body.
    expect(body).not.toHaveProperty('publishedVerifactuAt');
    // Each send is marked right after it, conditioned on not being marked yet.
    expect(marks()).toEqual(['publishedAccountingAt', 'publishedTreasuryAt']);
    expect(db.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: KEY,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#mark)',
      ExpressionAttributeValues: { ':at': '2026-03-02T10:00:00.000Z' },
    });
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
  });

  it('also sends to the SII queue when the invoice has an SII state', async () => {
    db.on(GetCommand).resolves({ Item: event({ siiStatus: 'NOT_SENT' }) });
    expect(await publishInvoiceEvent(deps, KEY, ctx)).toEqual(['sii', 'accounting', 'treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.sii, QUEUES.accounting, QUEUES.treasury]);
    expect(targetsOf({ siiStatus: null })).toEqual(['accounting', 'treasury']);
    expect(targetsOf({ siiStatus: 'NOT_SENT' })).not.toContain('verifactu');
  });

  const receivedKey = keys.receivedInvoiceEvent('co-1', 'ri-1', 'RECEIVED_REGISTERED', 1);
  const receivedItem = (siiStatus: string | null, over: Record<string, unknown> = {}) => ({
    ...receivedKey,
    entity: 'ReceivedInvoiceEvent',
    v: 1,
    kind: 'RECEIVED_REGISTERED',
    companyId: 'co-1',
    receivedInvoiceId: 'ri-1',
    receivedInvoice: { receivedInvoiceId: 'ri-1', supplierInvoiceNumber: 'A-77', siiStatus },
    siiStatus,
    reportsSii: siiStatus !== null,
    vatRegime: null,
    at: '2026-03-02T10:00:00.000Z',
    ...over,
  });

  it('publishes a received invoice event of an SII company to the SII queue and to accounting', async () => {
    const item = receivedItem('NOT_SENT');
    db.on(GetCommand).resolves({ Item: item });
    expect(await publishInvoiceEvent(deps, receivedKey, ctx)).toEqual(['sii', 'accounting', 'treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.sii, QUEUES.accounting, QUEUES.treasury]);
    const [sii, accounting, treasury] = sends().map((s) => JSON.parse(s.MessageBody!));
    // Both queues read the same body: the stored event without keys, entity, version nor marks.
    expect(sii).toEqual({
      eventId: eventIdOf(receivedKey),
      kind: 'RECEIVED_REGISTERED',
      companyId: 'co-1',
      receivedInvoiceId: 'ri-1',
      receivedInvoice: item.receivedInvoice,
      siiStatus: 'NOT_SENT',
      reportsSii: true,
      vatRegime: null,
      at: '2026-03-02T10:00:00.000Z',
    });
    expect(accounting).toEqual(sii);
    expect(treasury).toEqual(sii);
    expect(marks()).toEqual(['publishedSiiAt', 'publishedAccountingAt', 'publishedTreasuryAt']);
  });

  it("publishes a non-SII company's received invoice event to accounting only", async () => {
    db.on(GetCommand).resolves({ Item: receivedItem(null) });
    expect(await publishInvoiceEvent(deps, receivedKey, ctx)).toEqual(['accounting', 'treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.accounting, QUEUES.treasury]);
    expect(JSON.parse(sends()[0]!.MessageBody!)).toMatchObject({
      kind: 'RECEIVED_REGISTERED',
      reportsSii: false,
      siiStatus: null,
    });
    expect(marks()).toEqual(['publishedAccountingAt', 'publishedTreasuryAt']);
  });

  it('sends to the SII what reports to it: the reportsSii mark, else (stored before it) the SII state', () => {
    const received = (over: Record<string, unknown>) => ({ entity: 'ReceivedInvoiceEvent', ...over });
    const payment = (over: Record<string, unknown>) => ({
      entity: 'InvoiceEvent',
      kind: 'PAYMENT_RECORDED',
      ...over,
    });
    // Received invoices: the mark decides; without it (an SII-only event of before), the state.
    expect(targetsOf(received({ reportsSii: true, siiStatus: 'NOT_SENT' }))).toEqual([
      'sii',
      'accounting',
      'treasury',
    ]);
    expect(targetsOf(received({ reportsSii: false, siiStatus: 'ACCEPTED' }))).toEqual([
      'accounting',
      'treasury',
    ]);
    expect(targetsOf(received({ reportsSii: false, siiStatus: null }))).toEqual(['accounting', 'treasury']);
    expect(targetsOf(received({ siiStatus: 'ACCEPTED' }))).toEqual(['sii', 'accounting', 'treasury']);
    expect(targetsOf(received({ siiStatus: null }))).toEqual(['accounting', 'treasury']);
    // Issued payments: an SII company's invoice outside the criterio de caja reports nothing (RECC).
    expect(targetsOf(payment({ reportsSii: false, siiStatus: 'ACCEPTED' }))).toEqual([
      'accounting',
      'treasury',
    ]);
    expect(targetsOf(payment({ reportsSii: true, siiStatus: 'ACCEPTED' }))).toEqual([
      'sii',
      'accounting',
      'treasury',
    ]);
    expect(targetsOf(payment({ kind: 'PAYMENT_DELETED', reportsSii: false, siiStatus: 'ACCEPTED' }))).toEqual(
      ['accounting', 'treasury'],
    );
    expect(targetsOf(payment({ siiStatus: 'ACCEPTED' }))).toEqual(['sii', 'accounting', 'treasury']);
    expect(targetsOf(payment({ siiStatus: null }))).toEqual(['accounting', 'treasury']);
    // Issued invoices: the SII state, as always (no mark is read).
    const invoice = { entity: 'InvoiceEvent', kind: 'INVOICE_CONFIRMED' };
    expect(targetsOf({ ...invoice, siiStatus: 'NOT_SENT', reportsSii: false })).toEqual([
      'sii',
      'accounting',
      'treasury',
    ]);
    expect(targetsOf({ ...invoice, kind: 'INVOICE_CANCELLED', siiStatus: null })).toEqual([
      'accounting',
      'treasury',
    ]);
  });

  it("publishes a non-criterio-de-caja SII company's issued payment to accounting only", async () => {
    const key = keys.invoiceEvent('co-1', 'inv-1', 'PAYMENT_RECORDED#p1#0');
    db.on(GetCommand).resolves({
      Item: event({
        ...key,
        kind: 'PAYMENT_RECORDED',
        siiStatus: 'ACCEPTED',
        vatRegime: 'GENERAL',
        paidCents: 5_000,
        payment: { paymentId: 'p1', date: '2026-03-01', amountCents: 5_000, method: 'TRANSFER' },
        reportsSii: false,
      }),
    });
    expect(await publishInvoiceEvent(deps, key, ctx)).toEqual(['accounting', 'treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.accounting, QUEUES.treasury]);
    expect(JSON.parse(sends()[0]!.MessageBody!)).toMatchObject({
      eventId: eventIdOf(key),
      kind: 'PAYMENT_RECORDED',
      reportsSii: false,
      paidCents: 5_000,
      payment: { paymentId: 'p1', amountCents: 5_000 },
    });
  });

  it('the stream handler takes ReceivedInvoiceEvent items as well as InvoiceEvent ones, nothing else', async () => {
    const key = keys.receivedInvoiceEvent('co-1', 'ri-1', 'RECEIVED_DELETED', 3);
    const image = (entity: string) => ({ ...key, entity, kind: 'RECEIVED_DELETED', siiStatus: 'ACCEPTED' });
    db.on(GetCommand).resolves({ Item: image('ReceivedInvoiceEvent') });
    const rec = (seq: string, entity: string) => ({
      eventID: seq,
      eventName: 'INSERT' as const,
      dynamodb: { SequenceNumber: seq, NewImage: marshall(image(entity)) as never },
    });
    const res = await handler({
      Records: [rec('1', 'ReceivedInvoiceEvent'), rec('2', 'ReceivedInvoice')],
    } as DynamoDBStreamEvent);
    expect(res).toEqual({ batchItemFailures: [] });
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.sii, QUEUES.accounting, QUEUES.treasury]);
  });

  it('skips the queues an earlier attempt already reached (a retried record sends nothing twice)', async () => {
    db.on(GetCommand).resolves({
      Item: event({ siiStatus: 'NOT_SENT', publishedSiiAt: 't' }),
    });
    expect(await publishInvoiceEvent(deps, KEY, ctx)).toEqual(['accounting', 'treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.accounting, QUEUES.treasury]);
    const body = JSON.parse(sends()[0]!.MessageBody!);
    expect(body).not.toHaveProperty('publishedSiiAt');
  });

  it('sends only to the treasury an event published before the treasury queue existed', async () => {
    db.on(GetCommand).resolves({ Item: event({ publishedAccountingAt: 't' }) });
    expect(await publishInvoiceEvent(deps, KEY, ctx)).toEqual(['treasury']);
    expect(sends().map((s) => s.QueueUrl)).toEqual([QUEUES.treasury]);
    expect(JSON.parse(sends()[0]!.MessageBody!)).not.toHaveProperty('publishedAccountingAt');
    expect(marks()).toEqual(['publishedTreasuryAt']);
  });

  it('tolerates losing the mark to a concurrent publisher and stops on a failed send', async () => {
    db.on(GetCommand).resolves({ Item: event() });
    db.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'x', $metadata: {} }));
    expect(await publishInvoiceEvent(deps, KEY, ctx)).toEqual(['accounting', 'treasury']);

    db.reset();
    sqsMock.reset();
    db.on(GetCommand).resolves({ Item: event() });
    sqsMock.on(SendMessageCommand).rejects(new Error('throttled'));
    await expect(publishInvoiceEvent(deps, KEY, ctx)).rejects.toThrow('throttled');
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('ignores MODIFY records (its own marks) and publishes INSERTs', async () => {
    db.on(GetCommand).resolves({ Item: event() });
    await publishChange(
      deps,
      { eventName: 'MODIFY', newImage: event(), oldImage: event(), sequenceNumber: '1' },
      ctx,
    );
    expect(sends()).toHaveLength(0);
    await publishChange(
      deps,
      { eventName: 'INSERT', newImage: event(), oldImage: undefined, sequenceNumber: '2' },
      ctx,
    );
    expect(sends()).toHaveLength(2);
  });

  it('through the stream handler: reports the first failing record so the batch restarts from it', async () => {
    const rec = (seq: string, invoiceId: string) => ({
      eventID: seq,
      eventName: 'INSERT' as const,
      dynamodb: {
        SequenceNumber: seq,
        NewImage: marshall(
          event({ ...keys.invoiceEvent('co-1', invoiceId, 'INVOICE_CONFIRMED'), invoiceId }),
        ) as never,
      },
    });
    db.on(GetCommand).callsFake((input: { Key: { sk: string } }) => ({
      Item: event({ ...input.Key, invoiceId: input.Key.sk.split('#')[1] }),
    }));
    sqsMock.on(SendMessageCommand).callsFake((input: { MessageBody: string }) => {
      if (JSON.parse(input.MessageBody).invoiceId === 'inv-2') throw new Error('down');
      return { MessageId: 'm' };
    });
    const res = await handler({
      Records: [rec('1', 'inv-1'), rec('2', 'inv-2'), rec('3', 'inv-3')],
    } as DynamoDBStreamEvent);
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(sends().map((s) => JSON.parse(s.MessageBody!).invoiceId)).toEqual(['inv-1', 'inv-1', 'inv-2']);
  });
});
