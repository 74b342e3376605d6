/**
 * The pdf domain's one Lambda, as deployed (the real `handler`, its own deps from the environment):
 * API Gateway events go through the pipeline (auth, company scope, access policy); a direct
 * invocation (manifest `pdf-render`: no `httpMethod`/`requestContext`) is validated against
 * shared/schemas/pdf-render.ts and rendered. DynamoDB and S3 mocked at the client.
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { company, invoice } from '@functions/lib/pdf/test-fixtures';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { routeIds, routes } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import type { RenderPdfRequest } from '@shared/schemas/pdf-render';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler, pdfActions } from './handler';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';

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

const puts = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
const nothingWritten = () => {
  expect(puts()).toHaveLength(0);
  expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
};
const storeAsk: RenderPdfRequest = {
  action: 'store',
  companyId: COMPANY,
  operationId: 'op1',
  invoiceId: 'inv1',
};

beforeEach(() => {
  db.reset();
  s3.reset();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), entity: 'Company', ...company },
  });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves({
    Item: { ...keys.invoice(COMPANY, 'inv1'), entity: 'Invoice', ...invoice() },
  });
  db.on(TransactWriteCommand).resolves({});
  s3.on(PutObjectCommand).resolves({});
});

describe('pdf handler: API Gateway events', () => {
  it('wires exactly the pdf routes of the route table', () => {
    const own = routeIds.filter((id) => routes[id].domain === 'pdf').sort();
    expect(Object.keys(pdfActions).sort()).toEqual(own);
  });

  it('serves a route through the pipeline (membership checked) and answers the PDF', async () => {
    const res = await handler(
      apiEvent({
        routeId: 'invoices.pdf',
        params: { invoiceId: 'inv1' },
        claims: { sub: USER, groups: ['GESTOR'] },
        headers: { 'x-company-id': COMPANY },
      }),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf' });
    const looked = db.commandCalls(GetCommand).map((c) => c.args[0].input.Key);
    expect(looked).toContainEqual(keys.membership(COMPANY, USER));
  });

  it('an HTTP event carrying a render ask in its body is still a request: no caller, 401, nothing rendered', async () => {
    const res = await handler(
      apiEvent({
        routeId: 'invoices.sendEmail',
        params: { invoiceId: 'inv1' },
        body: { ...storeAsk, to: ['a@example.com'] },
        headers: { 'x-company-id': COMPANY },
      }),
      lambdaContext(),
    );
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'CORE_001' } });
    nothingWritten();
  });

  it('an event with only a requestContext is an API Gateway event too (the pipeline answers it)', async () => {
    const res = (await handler(
      { ...storeAsk, requestContext: { requestId: 'r1' } },
      lambdaContext(),
    )) as APIGatewayProxyResult;
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'CORE_006' } });
    nothingWritten();
  });
});

describe('pdf handler: direct invocations (manifest pdf-render)', () => {
  it('renders and stores the PDF of a bulk download, answering its key and file name', async () => {
    const answer = await handler(storeAsk, lambdaContext());
    const { s3Key } = keys.bulkPdfObject(COMPANY, 'op1', 'inv1');
    expect(answer).toEqual({ ok: true, value: { s3Key, fileName: 'F-2026-0007.pdf' } });
    expect(puts()).toEqual([expect.objectContaining({ Bucket: 'docs', Key: s3Key })]);
  });

  it('queues the PDF by e-mail (PDF stored, log entry and outbox in one transaction)', async () => {
    const answer = await handler(
      {
        action: 'email',
        companyId: COMPANY,
        invoiceId: 'inv1',
        to: ['cliente@example.com'],
        sentBy: 'SYSTEM',
      },
      lambdaContext(),
    );
    expect(answer).toEqual({ ok: true, value: { emailId: expect.any(String) } });
    expect(puts()).toHaveLength(1);
    const items = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => i.Put!.Item!.entity)).toEqual(['InvoiceEmail', 'Outbox']);
  });

  it('answers a refusal as the AppError (an invoice of another company is not there)', async () => {
    const answer = await handler({ ...storeAsk, companyId: 'co-2' }, lambdaContext());
    expect(answer).toEqual({ ok: false, error: { code: 'CORE_006', message: 'La factura no existe.' } });
    nothingWritten();
  });

  it('fails on anything outside the contract (a function error, not a refusal), writing nothing', async () => {
    for (const payload of [{}, null, 'store', { ...storeAsk, action: 'delete' }, { action: 'store' }]) {
      await expect(handler(payload, lambdaContext()), JSON.stringify(payload)).rejects.toThrow();
    }
    nothingWritten();
  });
});
