import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { invoice, pdfPages } from '@functions/lib/pdf/test-fixtures';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { Invoice } from '@shared/schemas/invoices';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfActions } from '../handler';
import type { PdfDeps } from '../store/deps';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
const NOW = new Date('2026-03-05T09:00:00.000Z');

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const s3Mock = mockClient(S3Client);
let ids = 0;
const deps: PdfDeps = {
  db: testDocumentClient(),
  table: TABLE,
  s3: new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 't', secretAccessKey: 't' } }),
  bucket: 'docs',
  now: () => NOW,
  newId: () => `id${++ids}`,
};
const handler = createApiHandler('pdf', pdfActions, () => deps);

const call = async (
  routeId: 'invoices.sendEmail' | 'invoices.emailLog',
  invoiceId: string,
  body?: unknown,
  role = 'GESTOR',
) => {
  const res = (await handler(
    apiEvent({
      routeId,
      params: { invoiceId },
      claims: { sub: USER, groups: [role === 'CLIENTE' ? 'CLIENTE' : 'GESTOR'] },
      headers: { 'x-company-id': COMPANY },
      ...(body === undefined ? {} : { body }),
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;
  return { status: res.statusCode, json: JSON.parse(res.body) };
};

const stored = (i: Partial<Invoice> & { invoiceId: string }) => ({
  Item: { ...keys.invoice(COMPANY, i.invoiceId), entity: 'Invoice', ...invoice(i) },
});

const nothingWritten = () => {
  expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
  expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
};

let role = 'GESTOR';
beforeEach(() => {
  db.reset();
  s3Mock.reset();
  ids = 0;
  role = 'GESTOR';
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).callsFake(() => ({
    Item: {
      ...keys.membership(COMPANY, USER),
      companyRole: role,
      permissions: ['VIEW_INVOICES'],
      isActive: true,
    },
  }));
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves(stored({ invoiceId: 'inv1' }));
  db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
    Item: { ...keys.customer(COMPANY, 'c1'), email: 'Compras@Ferreteria-Lopez.es' },
  });
  db.on(TransactWriteCommand).resolves({});
  s3Mock.on(PutObjectCommand).resolves({});
});

describe('POST /api/v1/invoices/{invoiceId}/send-email', () => {
  it("queues the PDF to the customer's e-mail with the default subject and answers 202 with the log entry", async () => {
    const { status, json } = await call('invoices.sendEmail', 'inv1', {
      message: 'Gracias por su confianza.',
    });

    expect(status).toBe(202);
    expect(json.data).toMatchObject({
      emailId: 'id1',
      invoiceId: 'inv1',
      invoiceNumber: 'F-2026-0007',
      to: ['compras@ferreteria-lopez.es'],
      cc: [],
      subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
      status: 'QUEUED',
      queuedAt: NOW.toISOString(),
      sentAt: null,
      sentBy: USER,
    });
    const put = s3Mock.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put.Key).toBe('invoices/co-1/inv1/id1.pdf');
    const text = (await pdfPages(put.Body as Uint8Array)).join(' ');
    expect(text).toContain('F-2026-0007');
    expect(text).not.toContain('BORRADOR');
    const items = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(2);
    expect(items[1]!.Put!.Item!.payload).toMatchObject({
      to: ['compras@ferreteria-lopez.es'],
      text: expect.stringContaining('Gracias por su confianza.'),
      attachments: [{ fileName: 'F-2026-0007.pdf', contentType: 'application/pdf' }],
    });
  });

  it('sends to the given recipients and subject, dropping a cc that repeats a recipient', async () => {
    const { status, json } = await call('invoices.sendEmail', 'inv1', {
      to: ['ana@example.es', 'ANA@example.es'],
      cc: ['ana@example.es', 'conta@example.es'],
      subject: 'Su factura',
    });

    expect(status).toBe(202);
    expect(json.data).toMatchObject({
      to: ['ana@example.es'],
      cc: ['conta@example.es'],
      subject: 'Su factura',
    });
    expect(db.commandCalls(GetCommand).some((c) => c.args[0].input.Key?.sk === 'CUSTOMER#c1')).toBe(false);
  });

  it('refuses a draft and a cancelled invoice with NOT_CONFIRMED and writes nothing', async () => {
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'draft1') }).resolves(
      stored({ invoiceId: 'draft1', status: 'DRAFT', invoiceNumber: null, number: null }),
    );
    db.on(GetCommand, { Key: keys.invoice(COMPANY, 'can1') }).resolves(
      stored({ invoiceId: 'can1', status: 'CANCELLED' }),
    );
    for (const id of ['draft1', 'can1']) {
      const { status, json } = await call('invoices.sendEmail', id, { to: ['ana@example.es'] });
      expect(status).toBe(400);
      expect(json.error).toMatchObject({
        code: 'CORE_004',
        message: 'Solo se pueden enviar facturas confirmadas.',
        details: { reason: 'NOT_CONFIRMED' },
      });
    }
    nothingWritten();
  });

  it('refuses without recipients when the customer has no e-mail (field to) and writes nothing', async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({ Item: { name: 'x' } });

    const { status, json } = await call('invoices.sendEmail', 'inv1', {});

    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: 'CORE_004', field: 'to', details: { reason: 'NO_RECIPIENT' } });
    expect(json.error.message).toMatch(/correo electrónico/);
    nothingWritten();
  });

  it('refuses an invalid e-mail address naming the field, and writes nothing', async () => {
    const { status, json } = await call('invoices.sendEmail', 'inv1', { to: ['no-es-un-correo'] });

    expect(status).toBe(400);
    expect(json.error.code).toBe('CORE_004');
    expect(String(json.error.field)).toMatch(/^to/);
    const bad = await call('invoices.sendEmail', 'inv1', { to: ['a@x.es'], cc: ['a@x.es\r\nBcc: z@y.es'] });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error.field)).toMatch(/^cc/);
    nothingWritten();
  });

  it('refuses a CLIENTE user (read-only) and writes nothing', async () => {
    role = 'CLIENTE';
    const { status, json } = await call('invoices.sendEmail', 'inv1', { to: ['ana@example.es'] }, 'CLIENTE');

    expect(status).toBe(403);
    expect(json.error.code).toBe('CORE_002');
    nothingWritten();
  });

  it("answers 404 for an invoice that is not in the caller's company", async () => {
    const { status } = await call('invoices.sendEmail', 'other', { to: ['ana@example.es'] });
    expect(status).toBe(404);
    nothingWritten();
  });
});

describe('GET /api/v1/invoices/{invoiceId}/emails', () => {
  it('lists the log newest first, also for a CLIENTE with VIEW_INVOICES', async () => {
    role = 'CLIENTE';
    const entry = (emailId: string, queuedAt: string, status: string) => ({
      ...keys.invoiceEmail(COMPANY, 'inv1', emailId),
      entity: 'InvoiceEmail',
      emailId,
      companyId: COMPANY,
      invoiceId: 'inv1',
      invoiceNumber: 'F-2026-0007',
      to: ['a@x.es'],
      cc: [],
      subject: 's',
      status,
      queuedAt,
      sentAt: status === 'SENT' ? queuedAt : null,
      sentBy: USER,
      attachment: { s3Key: 'k', fileName: 'F-2026-0007.pdf' },
    });
    db.on(QueryCommand).resolves({
      Items: [
        entry('e1', '2026-03-01T09:00:00.000Z', 'SENT'),
        entry('e2', '2026-03-04T09:00:00.000Z', 'FAILED'),
      ],
    });

    const { status, json } = await call('invoices.emailLog', 'inv1', undefined, 'CLIENTE');

    expect(status).toBe(200);
    expect(json.data.map((e: { emailId: string; status: string }) => [e.emailId, e.status])).toEqual([
      ['e2', 'FAILED'],
      ['e1', 'SENT'],
    ]);
  });

  it('answers 404 for an unknown invoice without querying the log', async () => {
    const { status } = await call('invoices.emailLog', 'other');
    expect(status).toBe(404);
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
