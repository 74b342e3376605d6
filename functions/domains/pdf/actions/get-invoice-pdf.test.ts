import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as render from '@functions/lib/pdf';
import { company, invoice, pdfPages } from '@functions/lib/pdf/test-fixtures';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfActions } from '../handler';
import type { PdfDeps } from '../store/deps';

const invoiceItem = (i: ReturnType<typeof invoice>) => ({
  ...keys.invoice(COMPANY, i.invoiceId),
  entity: 'Invoice',
  ...i,
});

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps: PdfDeps = { db: testDocumentClient(), table: TABLE };
const handler = createApiHandler('pdf', pdfActions, () => deps);

const download = async (invoiceId: string) =>
  (await handler(
    apiEvent({
      routeId: 'invoices.pdf',
      params: { invoiceId },
      claims: { sub: USER, groups: ['GESTOR'] },
      headers: { 'x-company-id': COMPANY },
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;

beforeEach(() => {
  db.reset();
  vi.restoreAllMocks();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), entity: 'Company', ...company },
  });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves({ Item: invoiceItem(invoice()) });
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'draft1') }).resolves({
    Item: invoiceItem(invoice({ invoiceId: 'draft1', status: 'DRAFT', invoiceNumber: null, number: null })),
  });
});

describe('GET /api/v1/invoices/{invoiceId}/pdf', () => {
  it('answers the PDF raw and base64-encoded, as an attachment named after the number', async () => {
    const res = await download('inv1');
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="F-2026-0007.pdf"',
    });
    const bytes = new Uint8Array(Buffer.from(res.body, 'base64'));
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain('F-2026-0007');
    expect(text).toContain('2.652,95 €');
    // Settings absent: the default colour and no IBAN, but the document is still complete.
    expect(text).not.toContain('IBAN');
  });

  it('names a draft borrador-<id> and marks it, with the issuer as the company is now', async () => {
    const res = await download('draft1');
    expect(res.headers?.['content-disposition']).toBe('attachment; filename="borrador-draft1.pdf"');
    const text = (await pdfPages(new Uint8Array(Buffer.from(res.body, 'base64')))).join(' ');
    expect(text).toContain('BORRADOR');
    expect(text).toContain('Fontanería Romero S.L.');
  });

  it('prints the issuer snapshot of a confirmed invoice, not the company as edited later', async () => {
    db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
      Item: { ...keys.company(COMPANY), entity: 'Company', ...company, name: 'Nombre Nuevo S.L.' },
    });
    const res = await download('inv1');
    const text = (await pdfPages(new Uint8Array(Buffer.from(res.body, 'base64')))).join(' ');
    expect(text).toContain('Fontanería Romero S.L.');
    expect(text).not.toContain('Nombre Nuevo');
  });

  it("answers 404 for an invoice that is not in the caller's company", async () => {
    const res = await download('other-company-invoice');
    expect(res.statusCode).toBe(404);
    expect(res.isBase64Encoded).toBeFalsy();
    expect(JSON.parse(res.body).success).toBe(false);
  });

  it('turns a rendering failure into DOC_044', async () => {
    vi.spyOn(render, 'renderInvoicePdf').mockRejectedValueOnce(new Error('boom'));
    const res = await download('inv1');
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body).error.code).toBe('DOC_044');
  });
});
