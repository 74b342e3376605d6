import { InvokeCommand, type InvokeCommandOutput, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { BulkOperation } from '@shared/schemas/bulk-operations';
import type { Invoice } from '@shared/schemas/invoices';
import type { RenderPdfRequest } from '@shared/schemas/pdf-render';
import { mockClient } from 'aws-sdk-client-mock';
import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildZip } from './store/bulk-files';
import { bulkOperationItem, recordResult } from './store/bulk-operations';
import { invoiceItem } from './store/invoices';
import { COMPANY, cancelled, invoicesHarness, T0, USER } from './testing/harness';
import { BULK_CHUNK_SIZE, bulkChunksOf, dispatchBulkOperation } from './workers/dispatch-bulk-operation';
import { type BulkFiles, runBulkChunk } from './workers/run-bulk-operation';

useEnv({
  QUEUE_URL_INVOICE_BULK: 'http://sqs.local/invoice-bulk',
  BUCKET_DOCUMENTS: 'docs',
  FUNCTION_NAME_PDF_RENDER: 'cuadra-pdf-render',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
const { db, call, deps, resetIds } = invoicesHarness('bulk');
const sqs = mockClient(SQSClient);
const s3 = mockClient(S3Client);
/** The pdf domain's function (store/invoice-pdfs.ts): PDFs are rendered there, not here. */
const lambda = mockClient(LambdaClient);
const payloadOf = (bytes: unknown) => JSON.parse(new TextDecoder().decode(bytes as Uint8Array)) as unknown;
const answer = (body: unknown, functionError?: string) => ({
  StatusCode: 200,
  Payload: new TextEncoder().encode(JSON.stringify(body)) as InvokeCommandOutput['Payload'],
  ...(functionError ? { FunctionError: functionError } : {}),
});
const pdfRequests = () =>
  lambda.commandCalls(InvokeCommand).map((c) => ({
    functionName: c.args[0].input.FunctionName,
    request: payloadOf(c.args[0].input.Payload) as RenderPdfRequest,
  }));
const log = createLogger({});
const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; details?: { reason?: string } } }).error;

const operation = (over: Partial<BulkOperation> = {}): BulkOperation => ({
  operationId: 'op1',
  companyId: COMPANY,
  operation: 'DELETE_DRAFTS',
  status: 'QUEUED',
  invoiceIds: ['a', 'b'],
  total: 2,
  processed: 0,
  succeeded: 0,
  failed: 0,
  errors: [],
  zipKey: null,
  createdBy: USER,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  completedAt: null,
  ...over,
});

const invoice = (invoiceId: string, over: Partial<Invoice> & Record<string, unknown> = {}) =>
  invoiceItem({
    invoiceId,
    companyId: COMPANY,
    invoiceType: 'F1',
    status: 'DRAFT',
    invoiceDate: '2026-02-01',
    operationDate: null,
    dueDate: null,
    paymentMethod: null,
    notes: null,
    customer: null,
    invoiceLines: [],
    irpfRateBp: 0,
    totals: { baseCents: 10_000, vatCents: 2100, recargoCents: 0, irpfCents: 0, totalCents: 12_100 },
    breakdown: [],
    legalMentions: [],
    series: null,
    seriesId: null,
    requestedSeriesId: null,
    number: null,
    invoiceNumber: null,
    confirmedAt: null,
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
    ...over,
  } as Invoice);

const files = (): BulkFiles & { zipped: { s3Key: string; fileName: string }[][] } => {
  const zipped: { s3Key: string; fileName: string }[][] = [];
  return {
    zipped,
    buildZip: vi.fn(async (f: { s3Key: string; fileName: string }[]) => {
      zipped.push(f);
    }),
  };
};

const opKey = keys.bulkOperation(COMPANY, 'op1');

beforeEach(() => {
  db.reset();
  sqs.reset();
  s3.reset();
  lambda.reset();
  resetIds();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(PutCommand).resolves({});
  db.on(DeleteCommand).resolves({});
  db.on(UpdateCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  db.on(QueryCommand).resolves({ Items: [] });
});

describe('bulk operations API', () => {
  it('starts an operation: 202 and ONE put of the QUEUED operation item (born for the stream consumer)', async () => {
    const res = await call<BulkOperation>({
      routeId: 'invoices.bulkCreate',
      body: { operation: 'MARK_PAID', invoiceIds: ['a', 'b', 'c'], options: { method: 'TRANSFER' } },
    });

    expect(res.status).toBe(202);
    expect(res.envelope.data).toMatchObject({
      operationId: 'bulk1',
      status: 'QUEUED',
      total: 3,
      processed: 0,
      succeeded: 0,
      failed: 0,
      errors: [],
      // paidAt defaults to today in Madrid.
      options: { paidAt: '2026-03-02', method: 'TRANSFER' },
    });
    const puts = db.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.args[0].input.Item).toMatchObject({
      entity: 'BulkOperation',
      invoiceIds: ['a', 'b', 'c'],
    });
    expect(puts[0]!.args[0].input.Item).toMatchObject(keys.bulkOperation(COMPANY, 'bulk1'));
    expect(puts[0]!.args[0].input.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('stores no options map when the operation has none', async () => {
    await call({ routeId: 'invoices.bulkCreate', body: { operation: 'DELETE_DRAFTS', invoiceIds: ['a'] } });

    expect(db.commandCalls(PutCommand)[0]!.args[0].input.Item).not.toHaveProperty('options');
  });

  it('refuses no ids, more than 500, repeated ids and MARK_PAID without a method, writing nothing', async () => {
    const bodies = [
      { operation: 'CONFIRM', invoiceIds: [] },
      { operation: 'CONFIRM', invoiceIds: Array.from({ length: 501 }, (_, i) => `i${i}`) },
      { operation: 'CONFIRM', invoiceIds: ['a', 'a'] },
      { operation: 'MARK_PAID', invoiceIds: ['a'] },
      { operation: 'ARCHIVE', invoiceIds: ['a'] },
    ];
    for (const body of bodies) {
      const res = await call({ routeId: 'invoices.bulkCreate', body });
      expect(res.status).toBe(400);
      expect(errorOf(res)?.code).toBe('CORE_004');
    }
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('gets the progress, 404 for an unknown operation', async () => {
    db.on(GetCommand, { Key: opKey }).resolves({ Item: bulkOperationItem(operation({ processed: 1 })) });

    const found = await call<BulkOperation>({ routeId: 'invoices.bulkGet', params: { operationId: 'op1' } });
    const missing = await call({ routeId: 'invoices.bulkGet', params: { operationId: 'nope' } });

    expect(found.envelope.data).toMatchObject({ operationId: 'op1', processed: 1, total: 2 });
    expect(found.envelope.data).not.toHaveProperty('pk');
    expect(missing.status).toBe(404);
  });

  it('download: refused until the DOWNLOAD_PDFS operation is COMPLETED, then a presigned GET of the ZIP', async () => {
    const zipKey = keys.bulkZipObject(COMPANY, 'op1').s3Key;
    db.on(GetCommand, { Key: opKey })
      .resolvesOnce({ Item: bulkOperationItem(operation({ operation: 'DOWNLOAD_PDFS', status: 'RUNNING' })) })
      .resolves({
        Item: bulkOperationItem(operation({ operation: 'DOWNLOAD_PDFS', status: 'COMPLETED', zipKey })),
      });

    const early = await call({ routeId: 'invoices.bulkDownload', params: { operationId: 'op1' } });
    const ready = await call<{ url: string; fileName: string }>({
      routeId: 'invoices.bulkDownload',
      params: { operationId: 'op1' },
    });

    expect(errorOf(early)).toMatchObject({ code: 'CORE_004', details: { reason: 'NOT_COMPLETED' } });
    expect(ready.status).toBe(200);
    const url = new URL(ready.envelope.data!.url);
    expect(decodeURIComponent(url.pathname)).toContain(zipKey);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(ready.envelope.data!.fileName).toBe('facturas-2026-03-02.zip');
  });
});

describe('bulk-dispatch stream consumer', () => {
  const ids = Array.from({ length: 60 }, (_, i) => `inv${i}`);
  const insert = {
    eventName: 'INSERT' as const,
    newImage: { ...bulkOperationItem(operation({ invoiceIds: ids, total: 60 })) },
    oldImage: undefined,
    sequenceNumber: '1',
  };

  it('splits a new operation into chunks of 25 and ignores the counters’ MODIFY', async () => {
    const chunks = bulkChunksOf(insert);
    expect(chunks.map((c) => c.invoiceIds.length)).toEqual([BULK_CHUNK_SIZE, BULK_CHUNK_SIZE, 10]);
    expect(chunks.flatMap((c) => c.invoiceIds)).toEqual(ids);
    expect(bulkChunksOf({ ...insert, eventName: 'MODIFY' })).toEqual([]);
  });

  it('sends the chunks to the invoice-bulk queue and fails when an entry is not sent', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    await dispatchBulkOperation(insert, { log });
    const sent = sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input;
    expect(sent.QueueUrl).toBe('http://sqs.local/invoice-bulk');
    expect(sent.Entries!.map((e) => JSON.parse(e.MessageBody!).chunk)).toEqual([0, 1, 2]);

    sqs.on(SendMessageBatchCommand).resolves({
      Failed: [{ Id: 'c0', SenderFault: false, Code: 'x' }],
      Successful: [],
    });
    await expect(dispatchBulkOperation(insert, { log })).rejects.toThrow();
  });
});

describe('run-bulk-operation queue consumer', () => {
  const message = { companyId: COMPANY, operationId: 'op1', chunk: 0, invoiceIds: ['a', 'b'] };
  const transacted = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
  /** Every transaction but a draft's deletion (a Delete first, with the list's counters). */
  const recorded = () => transacted().filter((t) => !t[0]!.Delete);
  const deleted = () => transacted().filter((t) => t[0]!.Delete);

  it('deletes each draft, records each result once with the counters, then completes', async () => {
    db.on(GetCommand, { Key: opKey })
      .resolvesOnce({ Item: bulkOperationItem(operation()) })
      .resolves({
        Item: bulkOperationItem(operation({ status: 'RUNNING', processed: 2, succeeded: 1, failed: 1 })),
      });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'a') }).resolves({ Item: invoice('a') });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'b') }).resolves({
      Item: invoice('b', { status: 'CONFIRMED', number: 3, invoiceNumber: 'F-2026-0003' }),
    });

    await runBulkChunk(message, { log, receiveCount: 1 }, deps, files());

    // The draft leaves the table and the list's counters in one transaction.
    expect(deleted().map((t) => t[0]!.Delete!.Key)).toEqual([keys.invoice(COMPANY, 'a')]);
    expect(
      deleted()[0]!
        .slice(1)
        .map((i) => i.Update!.ExpressionAttributeValues![':delta']),
    ).toEqual([-1, -1, -1]);
    const [first, second] = recorded();
    expect(first![0]!.Put).toMatchObject({
      Item: { ...keys.bulkResult(COMPANY, 'op1', 'a'), ok: true },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(first![1]!.Update!.UpdateExpression).toContain('ADD #processed :one, #counter :one');
    expect(first![1]!.Update!.ExpressionAttributeNames).toMatchObject({ '#counter': 'succeeded' });
    // A confirmed invoice is not a draft: its refusal (DOC_047) is its result.
    expect(second![0]!.Put!.Item).toMatchObject({ ok: false, code: 'DOC_047' });
    expect(second![1]!.Update!.ExpressionAttributeNames).toMatchObject({
      '#counter': 'failed',
      '#errors': 'errors',
    });
    expect(second![1]!.Update!.ExpressionAttributeValues![':error']).toEqual([
      expect.objectContaining({ invoiceId: 'b', code: 'DOC_047' }),
    ]);
    const complete = db
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .at(-1)!;
    expect(complete.ConditionExpression).toBe('#processed = #total AND #status <> :completed');
    expect(complete.ExpressionAttributeValues).toMatchObject({ ':completed': 'COMPLETED' });
  });

  it('skips an invoice that already has a result (a redelivered message) and does not complete early', async () => {
    db.on(GetCommand, { Key: opKey }).resolves({ Item: bulkOperationItem(operation({ processed: 1 })) });
    db.on(GetCommand, { Key: keys.bulkResult(COMPANY, 'op1', 'a') }).resolves({ Item: { ok: true } });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'b') }).resolves({ Item: invoice('b') });

    await runBulkChunk(message, { log, receiveCount: 2 }, deps, files());

    expect(deleted()).toHaveLength(1);
    expect(recorded()).toHaveLength(1);
    // processed (1) < total (2) in the fresh read: no completion attempted.
    expect(
      db.commandCalls(UpdateCommand).filter((c) => c.args[0].input.ExpressionAttributeValues?.[':completed']),
    ).toHaveLength(0);
  });

  it('recordResult answers false when the result item already exists', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await recordResult(deps, operation(), 'a', { ok: true }, T0.toISOString())).toBe(false);
  });

  it('an unexpected error returns the message to the queue, but is recorded as CORE_005 on the last delivery', async () => {
    db.on(GetCommand, { Key: opKey }).resolves({
      Item: bulkOperationItem(operation({ invoiceIds: ['a'], total: 1 })),
    });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'a') }).resolves({ Item: invoice('a') });
    db.on(TransactWriteCommand).callsFake((input: { TransactItems: { Delete?: unknown }[] }) => {
      if (input.TransactItems[0]!.Delete) throw new Error('throttled');
      return {};
    });
    const one = { ...message, invoiceIds: ['a'] };

    await expect(runBulkChunk(one, { log, receiveCount: 1 }, deps, files())).rejects.toThrow('throttled');
    expect(recorded()).toHaveLength(0);

    await runBulkChunk(one, { log, receiveCount: 3 }, deps, files());
    expect(recorded()[0]![0]!.Put!.Item).toMatchObject({ ok: false, code: 'CORE_005' });
  });

  it('MARK_PAID pays the pending amount of a confirmed invoice in ONE transaction with the payment', async () => {
    db.on(GetCommand, { Key: opKey }).resolves({
      Item: bulkOperationItem(
        operation({
          operation: 'MARK_PAID',
          invoiceIds: ['a'],
          total: 1,
          options: { paidAt: '2026-03-01', method: 'TRANSFER' },
        }),
      ),
    });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'a') }).resolves({
      Item: invoice('a', { status: 'CONFIRMED', paymentStatus: 'PARTIAL', paidCents: 2100, number: 1 }),
    });

    await runBulkChunk({ ...message, invoiceIds: ['a'] }, { log, receiveCount: 1 }, deps, files());

    const [payment, result] = recorded();
    expect(payment![0]!.Update!.ExpressionAttributeValues).toMatchObject({
      ':paidCents': 12_100,
      ':ps': 'PAID',
    });
    expect(payment![1]!.Put!.Item).toMatchObject({
      amountCents: 10_000,
      method: 'TRANSFER',
      paidAt: '2026-03-01',
    });
    expect(result![0]!.Put!.Item).toMatchObject({ ok: true });
  });

  it('DOWNLOAD_PDFS stores each PDF and zips the stored ones when the last invoice is recorded', async () => {
    const op = operation({ operation: 'DOWNLOAD_PDFS' });
    db.on(GetCommand, { Key: opKey })
      .resolvesOnce({ Item: bulkOperationItem(op) })
      .resolves({ Item: bulkOperationItem({ ...op, status: 'RUNNING', processed: 2, succeeded: 2 }) });
    const pdfA = keys.bulkPdfObject(COMPANY, 'op1', 'a').s3Key;
    const pdfB = keys.bulkPdfObject(COMPANY, 'op1', 'b').s3Key;
    db.on(QueryCommand).resolves({
      Items: [
        { invoiceId: 'a', ok: true, s3Key: pdfA, fileName: 'F-2026-a.pdf' },
        { invoiceId: 'b', ok: true, s3Key: pdfB, fileName: 'F-2026-b.pdf' },
      ],
    });
    lambda.on(InvokeCommand).callsFake((input: { Payload: Uint8Array }) => {
      const req = payloadOf(input.Payload) as { operationId: string; invoiceId: string };
      const { s3Key } = keys.bulkPdfObject(COMPANY, req.operationId, req.invoiceId);
      return answer({ ok: true, value: { s3Key, fileName: `F-2026-${req.invoiceId}.pdf` } });
    });
    const f = files();

    await runBulkChunk(message, { log, receiveCount: 1 }, deps, f);

    // Each PDF is rendered and stored by the pdf function, asked once per invoice.
    expect(pdfRequests()).toEqual(
      ['a', 'b'].map((invoiceId) => ({
        functionName: 'cuadra-pdf-render',
        request: { action: 'store', companyId: COMPANY, operationId: 'op1', invoiceId },
      })),
    );
    expect(recorded().map((t) => t[0]!.Put!.Item)).toEqual([
      expect.objectContaining({ invoiceId: 'a', ok: true, s3Key: pdfA, fileName: 'F-2026-a.pdf' }),
      expect.objectContaining({ invoiceId: 'b', ok: true, s3Key: pdfB, fileName: 'F-2026-b.pdf' }),
    ]);
    expect(f.zipped[0]).toEqual([
      { s3Key: pdfA, fileName: 'F-2026-a.pdf' },
      { s3Key: pdfB, fileName: 'F-2026-b.pdf' },
    ]);
    const complete = db
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .at(-1)!;
    expect(complete.ExpressionAttributeValues).toMatchObject({
      ':zip': keys.bulkZipObject(COMPANY, 'op1').s3Key,
    });
  });

  it('SEND_EMAIL queues the PDF e-mail to the stored customer, and refuses one without e-mail', async () => {
    db.on(GetCommand, { Key: opKey }).resolves({
      Item: bulkOperationItem(operation({ operation: 'SEND_EMAIL' })),
    });
    const confirmedFor = (id: string, customerId: string) =>
      invoice(id, {
        status: 'CONFIRMED',
        number: 1,
        invoiceNumber: `F-2026-${id}`,
        issuer: { name: 'Fontanería Romero SL' },
        customer: {
          customerId,
          name: 'Cliente',
          taxId: '12345678Z',
          address: '',
          postalCode: '',
          city: '',
          country: 'ES',
          vatTreatment: 'DOMESTIC',
        },
      } as Partial<Invoice>);
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'a') }).resolves({ Item: confirmedFor('a', 'c1') });
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'b') }).resolves({ Item: confirmedFor('b', 'c2') });
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: { customerId: 'c1', name: 'Cliente', email: 'cliente@example.com' },
    });
    lambda.on(InvokeCommand).resolves(answer({ ok: true, value: { emailId: 'e1' } }));

    await runBulkChunk(message, { log, receiveCount: 1 }, deps, files());

    // The pdf function renders and queues the mail (PDF, log entry, outbox) for the stored customer.
    expect(pdfRequests()).toEqual([
      {
        functionName: 'cuadra-pdf-render',
        request: {
          action: 'email',
          companyId: COMPANY,
          invoiceId: 'a',
          to: ['cliente@example.com'],
          sentBy: USER,
        },
      },
    ]);
    const [sentA, failedB] = recorded();
    expect(sentA![0]!.Put!.Item).toMatchObject({ invoiceId: 'a', ok: true });
    expect(failedB![0]!.Put!.Item).toMatchObject({ invoiceId: 'b', ok: false, code: 'CORE_004' });
  });

  it("the pdf function's refusal is the invoice's result; its failure returns the message to the queue", async () => {
    db.on(GetCommand, { Key: opKey }).resolves({
      Item: bulkOperationItem(operation({ operation: 'DOWNLOAD_PDFS', invoiceIds: ['a'], total: 1 })),
    });
    const one = { ...message, invoiceIds: ['a'] };
    lambda
      .on(InvokeCommand)
      .resolvesOnce(answer({ ok: false, error: { code: 'DOC_044', message: 'No se pudo generar el PDF.' } }));

    await runBulkChunk(one, { log, receiveCount: 1 }, deps, files());
    expect(recorded().map((t) => t[0]!.Put!.Item)).toEqual([
      expect.objectContaining({
        invoiceId: 'a',
        ok: false,
        code: 'DOC_044',
        message: 'No se pudo generar el PDF.',
      }),
    ]);

    db.resetHistory();
    lambda
      .on(InvokeCommand)
      .resolves(answer({ errorType: 'Error', errorMessage: 'out of memory' }, 'Unhandled'));
    await expect(runBulkChunk(one, { log, receiveCount: 1 }, deps, files())).rejects.toThrow(
      'Function cuadra-pdf-render failed (Unhandled): Error: out of memory',
    );
    expect(recorded()).toEqual([]);
  });

  it('buildZip puts a ZIP holding each stored PDF under a unique name', async () => {
    s3.on(GetObjectCommand).callsFake((input: { Key: string }) => ({
      Body: { transformToByteArray: async () => new TextEncoder().encode(`pdf of ${input.Key}`) },
    }));
    s3.on(PutObjectCommand).resolves({});

    await buildZip(
      [
        { s3Key: 'k1', fileName: 'borrador.pdf' },
        { s3Key: 'k2', fileName: 'borrador.pdf' },
      ],
      'out.zip',
    );

    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put).toMatchObject({ Bucket: 'docs', Key: 'out.zip', ContentType: 'application/zip' });
    const entries = unzipSync(put.Body as Uint8Array);
    expect(Object.keys(entries)).toEqual(['borrador.pdf', 'borrador-2.pdf']);
    expect(new TextDecoder().decode(entries['borrador-2.pdf'])).toBe('pdf of k2');
  });
});
