import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient } from '@functions/platform/testing/env';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  defaultInvoiceEmailBody,
  defaultInvoiceEmailSubject,
  isValidEmail,
  listInvoiceEmails,
  queueInvoiceEmail,
} from './invoice-emails';

const db = mockClient(DynamoDBDocumentClient);
const s3Mock = mockClient(S3Client);
const s3 = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } });
const deps = { db: testDocumentClient(), table: 'cuadra-test', s3, bucket: 'docs' };
const NOW = new Date('2026-03-02T10:00:00.000Z');
const pdf = { bytes: new Uint8Array([37, 80, 68, 70]), fileName: 'F-2026-0007.pdf' };

const input = () => {
  let n = 0;
  return {
    companyId: 'co-1',
    invoiceId: 'inv-1',
    invoiceNumber: 'F-2026-0007',
    to: ['cliente@example.es'],
    cc: ['conta@example.es'],
    replyTo: ['facturas@fontaneria.es'],
    subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
    bodyText: 'Adjunta la factura.',
    pdf,
    sentBy: 'user-1',
    now: NOW,
    newId: () => ['em-1', 'ob-1'][n++]!,
  };
};

beforeEach(() => {
  db.reset();
  s3Mock.reset();
  db.on(TransactWriteCommand).resolves({});
  s3Mock.on(PutObjectCommand).resolves({});
  s3Mock.on(DeleteObjectCommand).resolves({});
});

describe('queueInvoiceEmail', () => {
  it('stores the PDF, then writes the QUEUED log entry and the outbox mail in ONE transaction', async () => {
    const log = await queueInvoiceEmail(deps, input());

    const put = s3Mock.commandCalls(PutObjectCommand);
    expect(put).toHaveLength(1);
    expect(put[0]!.args[0].input).toMatchObject({
      Bucket: 'docs',
      Key: 'invoices/co-1/inv-1/em-1.pdf',
      ContentType: 'application/pdf',
      Body: pdf.bytes,
    });
    const tx = db.commandCalls(TransactWriteCommand);
    expect(tx).toHaveLength(1);
    const [logPut, outboxPut] = tx[0]!.args[0].input.TransactItems!;
    expect(logPut!.Put).toMatchObject({
      TableName: 'cuadra-test',
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: {
        pk: 'COMPANY#co-1',
        sk: 'INVEMAIL#inv-1#em-1',
        entity: 'InvoiceEmail',
        v: 1,
        status: 'QUEUED',
        queuedAt: NOW.toISOString(),
        to: ['cliente@example.es'],
        cc: ['conta@example.es'],
        sentBy: 'user-1',
        outboxId: 'ob-1',
        attachment: { s3Key: 'invoices/co-1/inv-1/em-1.pdf', fileName: 'F-2026-0007.pdf' },
      },
    });
    expect(outboxPut!.Put!.Item).toMatchObject({
      pk: 'OUTBOX#ob-1',
      sk: 'OUTBOX',
      gsi1pk: 'OUTBOX#PENDING',
      entity: 'Outbox',
      kind: 'mail',
      status: 'PENDING',
      payload: {
        to: ['cliente@example.es'],
        cc: ['conta@example.es'],
        replyTo: ['facturas@fontaneria.es'],
        subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
        text: 'Adjunta la factura.',
        template: 'invoice-email',
        companyId: 'co-1',
        attachments: [
          {
            s3Key: 'invoices/co-1/inv-1/em-1.pdf',
            fileName: 'F-2026-0007.pdf',
            contentType: 'application/pdf',
          },
        ],
        log: { entity: 'InvoiceEmail', companyId: 'co-1', invoiceId: 'inv-1', emailId: 'em-1' },
      },
    });
    expect(log).toEqual({
      emailId: 'em-1',
      companyId: 'co-1',
      invoiceId: 'inv-1',
      invoiceNumber: 'F-2026-0007',
      to: ['cliente@example.es'],
      cc: ['conta@example.es'],
      subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
      status: 'QUEUED',
      queuedAt: NOW.toISOString(),
      sentAt: null,
      failedAt: null,
      error: null,
      sesMessageId: null,
      sentBy: 'user-1',
      attachment: { s3Key: 'invoices/co-1/inv-1/em-1.pdf', fileName: 'F-2026-0007.pdf' },
    });
  });

  it('removes the stored PDF and queues nothing when the transaction fails', async () => {
    db.on(TransactWriteCommand).rejects(new Error('TransactionCanceledException'));

    await expect(queueInvoiceEmail(deps, input())).rejects.toThrow('TransactionCanceledException');
    expect(s3Mock.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'docs',
      Key: 'invoices/co-1/inv-1/em-1.pdf',
    });
  });

  it('writes nothing to the table when the PDF cannot be stored', async () => {
    s3Mock.on(PutObjectCommand).rejects(new Error('AccessDenied'));

    await expect(queueInvoiceEmail(deps, input())).rejects.toThrow('AccessDenied');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('listInvoiceEmails', () => {
  it("queries the invoice's prefix and answers newest first without keys", async () => {
    const item = (emailId: string, queuedAt: string, extra: object = {}) => ({
      pk: 'COMPANY#co-1',
      sk: `INVEMAIL#inv-1#${emailId}`,
      entity: 'InvoiceEmail',
      v: 1,
      outboxId: `ob-${emailId}`,
      emailId,
      companyId: 'co-1',
      invoiceId: 'inv-1',
      invoiceNumber: 'F-1',
      to: ['a@x.es'],
      subject: 's',
      status: 'QUEUED',
      queuedAt,
      sentBy: 'u',
      attachment: { s3Key: 'k', fileName: 'F-1.pdf' },
      ...extra,
    });
    db.on(QueryCommand)
      .resolvesOnce({
        Items: [
          item('a', '2026-03-01T10:00:00.000Z', { status: 'SENT', sentAt: '2026-03-01T10:00:05.000Z' }),
        ],
        LastEvaluatedKey: { pk: 'x', sk: 'y' },
      })
      .resolves({ Items: [item('b', '2026-03-02T10:00:00.000Z')] });

    const list = await listInvoiceEmails(deps, 'co-1', 'inv-1');

    expect(db.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'COMPANY#co-1', ':prefix': 'INVEMAIL#inv-1#' },
    });
    expect(list.map((e) => [e.emailId, e.status, e.sentAt])).toEqual([
      ['b', 'QUEUED', null],
      ['a', 'SENT', '2026-03-01T10:00:05.000Z'],
    ]);
    expect(list[0]).not.toHaveProperty('pk');
    expect(list[0]).not.toHaveProperty('outboxId');
    expect(list[0]!.cc).toEqual([]);
  });
});

describe('defaults and validation', () => {
  it('builds the Spanish subject and body', () => {
    expect(defaultInvoiceEmailSubject('F-2026-0007', 'Fontanería Romero S.L.')).toBe(
      'Factura F-2026-0007 de Fontanería Romero S.L.',
    );
    const body = defaultInvoiceEmailBody(
      'F-2026-0007',
      'Fontanería Romero S.L.',
      '  Gracias por su confianza. ',
    );
    // The sender's message is the whole body: no second greeting or sign-off around it.
    expect(body).toBe('Gracias por su confianza.');
    const standard = defaultInvoiceEmailBody('F-2026-0007', 'Fontanería Romero S.L.');
    expect(standard).toContain('factura F-2026-0007 de Fontanería Romero S.L.');
    expect(standard.match(/Buenos días/g)).toHaveLength(1);
    expect(defaultInvoiceEmailBody('F-1', 'X')).not.toContain('undefined');
  });

  it('accepts plain addresses only', () => {
    expect(isValidEmail('ana@example.es')).toBe(true);
    for (const bad of ['ana', 'ana@', '@x.es', 'a b@x.es', 'Ana <ana@x.es>', 'a@x.es\r\nBcc: b@y.es'])
      expect(isValidEmail(bad)).toBe(false);
  });
});
