import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { ImportExecution } from '@shared/schemas/invoice-import';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlannedInvoice } from '../model/import-rows';
import type { InvoicesDeps } from '../store/deps';
import { type ImportBatchRecord, importBatchItem } from '../store/imports';
import { seriesItem } from '../store/series';
import { COMPANY, issuerCompany, T0 } from '../testing/harness';
import { chunksOf, handler as dispatchHandler } from './dispatch-import';
import { importedInvoiceId, runImportChunk } from './run-import';

useEnv({
  TABLE_NAME: 'cuadra-test',
  AWS_REGION: 'eu-west-1',
  LOG_LEVEL: 'silent',
  BUCKET_DOCUMENTS: 'docs-bucket',
  QUEUE_URL_INVOICE_IMPORT: 'http://sqs.local/import',
});
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const sqs = mockClient(SQSClient);
const deps: InvoicesDeps = {
  db: testDocumentClient(),
  table: 'cuadra-test',
  now: () => new Date(T0),
  newId: () => 'unused',
};
const log = createLogger({ test: 'import-workers' });

const execution = (over: Partial<ImportExecution> = {}): ImportExecution => ({
  confirm: false,
  series: null,
  skipInvalid: true,
  requestedAt: T0.toISOString(),
  requestedBy: 'user-1',
  toProcess: 2,
  processed: 0,
  created: 0,
  failed: 0,
  completedAt: null,
  ...over,
});

const batch = (over: Partial<ImportBatchRecord> = {}): ImportBatchRecord => ({
  batchId: 'b1',
  companyId: COMPANY,
  status: 'EXECUTING',
  invoiceType: 'ISSUED',
  fileName: 'f.csv',
  format: 'csv',
  createdAt: T0.toISOString(),
  createdBy: 'user-1',
  counts: { rows: 3, validRows: 2, invalidRows: 1, invoices: 3, validInvoices: 2, invalidInvoices: 1 },
  mapping: [],
  report: [],
  execution: execution(),
  fileKey: 'imports/co-1/b1/f.csv',
  planKey: 'imports/co-1/b1/plan.json',
  reportKey: null,
  ...over,
});

const body = (price: number) => ({
  invoiceType: 'F1',
  invoiceDate: '2026-03-15',
  // Art. 6 RD 1619/2012: an F1 is only confirmed with the customer's domicilio.
  customer: {
    nif: '12345678Z',
    name: 'Ferretería López',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
  },
  invoiceLines: [{ description: 'Servicio', quantity: '1', unitPriceCents: price, vatRateBp: 2100 }],
});
const plan: PlannedInvoice[] = [
  { invoiceRef: 'A', rows: [2], ok: true, body: body(10_000), totalCents: 12_100 },
  { invoiceRef: 'B', rows: [3], ok: false, body: null, totalCents: null },
  { invoiceRef: 'C', rows: [4], ok: true, body: body(5_000), totalCents: 6_050 },
];

const series: InvoiceSeries = {
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'IMP',
  description: '',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

/** Every `#name` and `:value` an expression uses is declared, and every declared one is used. */
function expectPlaceholdersDeclared(input: {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  const text = `${input.UpdateExpression ?? ''} ${input.ConditionExpression ?? ''}`;
  const used = (re: RegExp) => [...new Set(text.match(re) ?? [])].sort();
  expect(used(/#\w+/g)).toEqual(Object.keys(input.ExpressionAttributeNames ?? {}).sort());
  expect(used(/:\w+/g)).toEqual(Object.keys(input.ExpressionAttributeValues ?? {}).sort());
  // No bare attribute path: names are placeholders, values start with ':'.
  expect(
    text
      .replace(/[#:]\w+/g, '')
      .match(/\b[a-z]\w*\b/gi)
      ?.filter((w) => !/^(SET|AND|OR|ADD|REMOVE|attribute_exists|attribute_not_exists|pk)$/.test(w)) ?? [],
  ).toEqual([]);
}

type Transact = { TransactItems: { Put?: { Item?: Record<string, unknown> } }[] };
const transacted = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
const firstEntity = (items: Transact['TransactItems']) => items[0]?.Put?.Item?.entity;
/** A draft is written with the list's counters in one transaction whose first item is the invoice. */
const invoiceWrites = () => transacted().filter((t) => firstEntity(t) === 'Invoice');
const putInvoices = () => invoiceWrites().map((t) => t[0]!.Put!.Item!);
const results = () => transacted().filter((t) => firstEntity(t) === 'ImportResult');
const resultPuts = () => results().map((t) => t[0]!.Put!.Item!);
/** Refuses the transactions whose first item is an entity's Put; the others succeed. */
const refuseWrites = (entity: string, error: Error) =>
  db.on(TransactWriteCommand).callsFake((input: Transact) => {
    if (firstEntity(input.TransactItems) === entity) throw error;
    return {};
  });
const canceled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  db.reset();
  s3.reset();
  sqs.reset();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({ Item: importBatchItem(batch()) });
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series) });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) =>
    input.ExpressionAttributeValues?.[':prefix'] === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix
      ? { Items: [{ purpose: 'ORDINARY', seriesId: 'f1' }] }
      : { Items: [] },
  );
  db.on(PutCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  db.on(UpdateCommand).resolves({});
  s3.on(GetObjectCommand).resolves({
    Body: { transformToString: async () => JSON.stringify(plan) },
  } as never);
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
});

describe('dispatch-import (stream)', () => {
  const change = (oldStatus: string, newStatus: string, toProcess = 60) => ({
    eventName: 'MODIFY' as const,
    oldImage: { entity: 'ImportBatch', status: oldStatus },
    newImage: {
      entity: 'ImportBatch',
      status: newStatus,
      batchId: 'b1',
      companyId: COMPANY,
      execution: execution({ toProcess }),
    },
    sequenceNumber: '1',
  });

  it('splits an execution into chunk messages only on VALIDATED -> EXECUTING', () => {
    expect(chunksOf(change('VALIDATED', 'EXECUTING', 60)).map((m) => m.chunk)).toEqual([0, 1, 2]);
    expect(chunksOf(change('VALIDATED', 'EXECUTING', 25))).toHaveLength(1);
    expect(chunksOf(change('EXECUTING', 'EXECUTING'))).toEqual([]);
    expect(chunksOf(change('EXECUTING', 'COMPLETED'))).toEqual([]);
    expect(chunksOf({ ...change('VALIDATED', 'EXECUTING'), eventName: 'INSERT' })).toEqual([]);
  });

  it('sends the chunks to queue invoice-import, ten per batch call', async () => {
    const img = change('VALIDATED', 'EXECUTING', 25 * 12);
    const event = {
      Records: [
        {
          eventID: 'e1',
          eventName: 'MODIFY',
          dynamodb: {
            SequenceNumber: '1',
            OldImage: marshall(img.oldImage),
            NewImage: marshall(img.newImage),
          },
        },
      ],
    } as unknown as DynamoDBStreamEvent;
    const res = await dispatchHandler(event);
    expect(res.batchItemFailures).toEqual([]);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.Entries!.length)).toEqual([10, 2]);
    expect(calls[0]!.QueueUrl).toBe('http://sqs.local/import');
    expect(JSON.parse(calls[1]!.Entries![1]!.MessageBody!)).toEqual({
      companyId: COMPANY,
      batchId: 'b1',
      chunk: 11,
      size: 25,
    });
  });

  it('fails the record (retried) when SQS refuses an entry', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Failed: [{ Id: 'c0', Code: 'x', SenderFault: false }] });
    const img = change('VALIDATED', 'EXECUTING', 1);
    const res = await dispatchHandler({
      Records: [
        {
          eventID: 'e1',
          eventName: 'MODIFY',
          dynamodb: {
            SequenceNumber: '7',
            OldImage: marshall(img.oldImage),
            NewImage: marshall(img.newImage),
          },
        },
      ],
    } as unknown as DynamoDBStreamEvent);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '7' }]);
  });
});

describe('run-import (queue)', () => {
  const message = { companyId: COMPANY, batchId: 'b1', chunk: 0, size: 25 };

  it('creates each valid invoice as an imported draft with a deterministic id, counts it and completes', async () => {
    await runImportChunk(deps, message, { log });
    const invoices = putInvoices();
    expect(invoices.map((i) => i.invoiceId)).toEqual([
      importedInvoiceId('b1', 'A'),
      importedInvoiceId('b1', 'C'),
    ]);
    expect(invoices[0]).toMatchObject({ status: 'DRAFT', origin: 'IMPORT', totals: { totalCents: 12_100 } });
    expect(invoices[1]).toMatchObject({ status: 'DRAFT', origin: 'IMPORT', totals: { totalCents: 6_050 } });
    expect(invoiceWrites()[0]![0]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    // With the draft, the list's counters (company, month, day).
    expect(
      invoiceWrites()[0]!
        .slice(1)
        .map((i) => i.Update!.Key!.sk),
    ).toEqual(['ALL', expect.stringMatching(/^M#/), expect.stringMatching(/^D#/)]);
    // One transaction per invoice: the result (put once) and the counters.
    const tx = results();
    expect(tx).toHaveLength(2);
    expect(tx[0]![0]!.Put).toMatchObject({
      Item: { entity: 'ImportResult', invoiceRef: 'A', ok: true, ...keys.importResult(COMPANY, 'b1', 'A') },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(tx[0]![1]!.Update!.ExpressionAttributeNames).toMatchObject({ '#outcome': 'created' });
    const complete = db.commandCalls(UpdateCommand).at(-1)!.args[0].input;
    expect(complete.ConditionExpression).toBe(
      '#status = :executing AND #execution.#processed >= #execution.#toProcess',
    );
    // Every name goes through a declared placeholder (PROCESSED is a reserved word).
    for (const input of [
      complete,
      ...tx
        .flat()
        .map((i) => i.Update)
        .filter((u) => u !== undefined),
    ]) {
      expectPlaceholdersDeclared(input);
    }
  });

  it('skips invoices whose outcome is recorded and reuses an invoice a previous attempt created', async () => {
    db.on(GetCommand, { Key: keys.importResult(COMPANY, 'b1', 'A') }).resolves({
      Item: { invoiceRef: 'A', ok: true, invoiceId: importedInvoiceId('b1', 'A') },
    });
    const cId = importedInvoiceId('b1', 'C');
    refuseWrites('Invoice', canceled('ConditionalCheckFailed', 'None', 'None', 'None'));
    db.on(GetCommand, { Key: keys.invoice(COMPANY, cId) }).resolves({
      Item: { invoiceId: cId, invoiceNumber: null, status: 'DRAFT' },
    });
    await runImportChunk(deps, message, { log });
    expect(putInvoices().map((i) => i.invoiceId)).toEqual([cId]);
    expect(resultPuts()).toEqual([expect.objectContaining({ invoiceRef: 'C', ok: true, invoiceId: cId })]);
  });

  it('does not count twice when the result was recorded concurrently', async () => {
    refuseWrites('ImportResult', canceled('ConditionalCheckFailed', 'None'));
    await expect(runImportChunk(deps, message, { log })).resolves.toBeUndefined();
  });

  it('creates and confirms in the chosen series when asked, recording the number', async () => {
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({
      Item: importBatchItem(batch({ execution: execution({ confirm: true, series: 'f1' }) })),
    });
    await runImportChunk(deps, { ...message, size: 1 }, { log });
    const confirmTx = invoiceWrites()[0]!;
    expect(confirmTx[0]!.Put!.Item).toMatchObject({
      invoiceId: importedInvoiceId('b1', 'A'),
      status: 'CONFIRMED',
      origin: 'IMPORT',
      series: 'IMP',
      invoiceNumber: 'IMP-2026-0001',
    });
    expect(resultPuts().at(-1)).toMatchObject({ invoiceRef: 'A', ok: true, invoiceNumber: 'IMP-2026-0001' });
  });

  it('records a refusal as a failed invoice instead of retrying forever', async () => {
    db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({
      Item: seriesItem({ ...series, isActive: false }),
    });
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({
      Item: importBatchItem(batch({ execution: execution({ series: 'f1' }) })),
    });
    await runImportChunk(deps, message, { log });
    expect(putInvoices()).toEqual([]);
    expect(resultPuts().map((r) => [r.invoiceRef, r.ok, r.message])).toEqual([
      ['A', false, 'La serie IMP no está activa.'],
      ['C', false, 'La serie IMP no está activa.'],
    ]);
    const tx = results()[0]!;
    expect(tx[1]!.Update!.ExpressionAttributeNames).toMatchObject({ '#outcome': 'failed' });
  });

  describe('confirming with VeriFacTu mandatory (an SL from 1 January 2027)', () => {
    const confirming = () =>
      db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({
        Item: importBatchItem(batch({ execution: execution({ confirm: true, series: 'f1' }) })),
      });
    const at = (iso: string) => {
      deps.now = () => new Date(iso);
    };
    afterEach(() => {
      deps.now = () => new Date(T0);
    });

    it('refuses each row in the report with the Spanish reason, writing no invoice', async () => {
      confirming();
      at('2027-01-15T10:00:00.000Z');
      await runImportChunk(deps, message, { log });
      expect(putInvoices()).toEqual([]);
      expect(resultPuts().map((r) => [r.invoiceRef, r.ok, r.invoiceId])).toEqual([
        ['A', false, null],
        ['C', false, null],
      ]);
      for (const r of resultPuts()) {
        expect(r.message).toMatch(
          /^Desde el 1 de enero de 2027 VeriFacTu es obligatorio para esta empresa \(RD 1007\/2023\).*VeriFacTu no configurado/,
        );
      }
      expect(results()[0]![1]!.Update!.ExpressionAttributeNames).toMatchObject({ '#outcome': 'failed' });
    });

    it('configured with a valid certificate, the rows are confirmed', async () => {
      confirming();
      at('2027-01-15T10:00:00.000Z');
      db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).resolves({
        Item: { companyId: COMPANY, mode: 'VERIFACTU', enabled: true, certificateId: 'cert1' },
      });
      db.on(GetCommand, { Key: keys.verifactuCertificate(COMPANY, 'cert1') }).resolves({
        Item: { validFrom: '2026-01-01T00:00:00Z', validTo: '2028-01-01T00:00:00Z' },
      });
      await runImportChunk(deps, message, { log });
      expect(putInvoices().map((i) => i.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
      expect(resultPuts().map((r) => r.ok)).toEqual([true, true]);
    });

    it('before the date the rows are confirmed without VeriFacTu; drafts never need it', async () => {
      confirming();
      at('2026-12-31T10:00:00.000Z');
      await runImportChunk(deps, message, { log });
      expect(putInvoices().map((i) => i.status)).toEqual(['CONFIRMED', 'CONFIRMED']);

      db.resetHistory();
      db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({
        Item: importBatchItem(batch()),
      });
      at('2027-01-15T10:00:00.000Z');
      await runImportChunk(deps, message, { log });
      expect(putInvoices().map((i) => i.status)).toEqual(['DRAFT', 'DRAFT']);
    });
  });

  it('ignores a chunk of a batch that is not executing, and lets unexpected errors retry the message', async () => {
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({
      Item: importBatchItem(batch({ status: 'COMPLETED' })),
    });
    await runImportChunk(deps, message, { log });
    expect(putInvoices()).toEqual([]);

    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'b1') }).resolves({ Item: importBatchItem(batch()) });
    refuseWrites(
      'Invoice',
      Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }),
    );
    const { handler } = await import('./run-import');
    const res = await handler({
      Records: [{ messageId: 'm1', body: JSON.stringify(message), attributes: {} }],
    } as unknown as SQSEvent);
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });
});
