/**
 * `pdf-render`, the function the invoices domain's workers call for PDFs: DynamoDB and S3 mocked at
 * the client, the real renderer (the stored PDF is read back as text).
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { company, invoice, pdfPages } from '@functions/lib/pdf/test-fixtures';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { Invoice } from '@shared/schemas/invoices';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PdfDeps } from '../store/deps';
import { renderPdfInvocation as handler, renderPdf } from './render-invoice-pdf';

const TABLE = 'cuadra-test';
const COMPANY = 'co-1';
const NOW = new Date('2026-03-05T09:00:00.000Z');

useEnv({
  TABLE_NAME: TABLE,
  BUCKET_DOCUMENTS: 'docs',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  LOG_LEVEL: 'silent',
});

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
let ids = 0;
const deps: PdfDeps = {
  db: testDocumentClient(),
  table: TABLE,
  s3: new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } }),
  bucket: 'docs',
  now: () => NOW,
  newId: () => `id${++ids}`,
};
const log = createLogger({});

const stored = (i: Partial<Invoice> & { invoiceId: string }) => ({
  Item: { ...keys.invoice(COMPANY, i.invoiceId), entity: 'Invoice', ...invoice(i) },
});
const puts = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
const nothingWritten = () => {
  expect(puts()).toHaveLength(0);
  expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
};

beforeEach(() => {
  db.reset();
  s3.reset();
  ids = 0;
  db.on(GetCommand).resolves({});
  // A draft prints the company as it is now (a confirmed invoice carries its issuer snapshot).
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), entity: 'Company', ...company },
  });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves(stored({ invoiceId: 'inv1' }));
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'draft1') }).resolves(
    stored({ invoiceId: 'draft1', status: 'DRAFT', invoiceNumber: null, number: null }),
  );
  db.on(TransactWriteCommand).resolves({});
  s3.on(PutObjectCommand).resolves({});
});

describe('store: the PDF of a bulk download', () => {
  it('renders the invoice and puts it where the operation keeps it, answering key and file name', async () => {
    const answer = await renderPdf(
      deps,
      { action: 'store', companyId: COMPANY, operationId: 'op1', invoiceId: 'inv1' },
      log,
    );

    const { s3Key } = keys.bulkPdfObject(COMPANY, 'op1', 'inv1');
    expect(answer).toEqual({ s3Key, fileName: 'F-2026-0007.pdf' });
    const [put] = puts();
    expect(puts()).toHaveLength(1);
    expect(put).toMatchObject({ Bucket: 'docs', Key: s3Key, ContentType: 'application/pdf' });
    expect((await pdfPages(put!.Body as Uint8Array)).join(' ')).toContain('F-2026-0007');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a draft prints BORRADOR under its own file name', async () => {
    const answer = await renderPdf(
      deps,
      { action: 'store', companyId: COMPANY, operationId: 'op1', invoiceId: 'draft1' },
      log,
    );
    expect(answer).toMatchObject({ fileName: 'borrador-draft1.pdf' });
    expect((await pdfPages(puts()[0]!.Body as Uint8Array)).join(' ')).toContain('BORRADOR');
  });
});

describe('email: the PDF queued by e-mail', () => {
  it('stores the PDF and writes the log entry and outbox mail in ONE transaction, with the default text', async () => {
    const answer = await renderPdf(
      deps,
      {
        action: 'email',
        companyId: COMPANY,
        invoiceId: 'inv1',
        to: ['cliente@example.com'],
        sentBy: 'SYSTEM',
      },
      log,
    );

    expect(answer).toEqual({ emailId: 'id1' });
    expect(puts().map((p) => p.Key)).toEqual([
      keys.invoiceEmailAttachmentObject(COMPANY, 'inv1', 'id1').s3Key,
    ]);
    const items = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => i.Put!.Item!.entity)).toEqual(['InvoiceEmail', 'Outbox']);
    expect(items[0]!.Put!.Item).toMatchObject({
      emailId: 'id1',
      to: ['cliente@example.com'],
      subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
      status: 'QUEUED',
      queuedAt: NOW.toISOString(),
      sentBy: 'SYSTEM',
    });
    expect(items[1]!.Put!.Item!.payload).toMatchObject({
      to: ['cliente@example.com'],
      text: expect.stringContaining('Le enviamos adjunta la factura F-2026-0007'),
      attachments: [{ fileName: 'F-2026-0007.pdf', contentType: 'application/pdf' }],
    });
  });

  it('refuses a draft (NOT_CONFIRMED) and writes nothing', async () => {
    await expect(
      renderPdf(
        deps,
        { action: 'email', companyId: COMPANY, invoiceId: 'draft1', to: ['a@example.com'], sentBy: 'u1' },
        log,
      ),
    ).rejects.toMatchObject({ code: 'CORE_004', details: { reason: 'NOT_CONFIRMED' } });
    nothingWritten();
  });
});

describe('renderPdfInvocation (a direct Lambda Invoke of the pdf function)', () => {
  it('answers the value, or a refusal for an invoice that is not there (another company: the same)', async () => {
    const ok = await handler({ action: 'store', companyId: COMPANY, operationId: 'op1', invoiceId: 'inv1' });
    expect(ok).toEqual({
      ok: true,
      value: { s3Key: keys.bulkPdfObject(COMPANY, 'op1', 'inv1').s3Key, fileName: 'F-2026-0007.pdf' },
    });
    s3.resetHistory();

    const missing = await handler({
      action: 'store',
      companyId: 'co-2',
      operationId: 'op1',
      invoiceId: 'inv1',
    });
    expect(missing).toEqual({ ok: false, error: { code: 'CORE_006', message: 'La factura no existe.' } });
    expect(puts()).toHaveLength(0);
  });

  it('fails on a payload outside the contract (a bug of the caller, not a refusal), writing nothing', async () => {
    await expect(
      handler({ action: 'store', companyId: COMPANY, invoiceId: 'inv1', s3Key: 'x' }),
    ).rejects.toThrow();
    await expect(
      handler({ action: 'email', companyId: COMPANY, invoiceId: 'inv1', to: [], sentBy: 'u1' }),
    ).rejects.toThrow();
    await expect(handler({ action: 'delete', companyId: COMPANY, invoiceId: 'inv1' })).rejects.toThrow();
    nothingWritten();
  });
});
