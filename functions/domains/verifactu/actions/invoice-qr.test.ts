import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { qrMatrix } from '@functions/lib/qr';
import { pngBilevelPixels, pngChunks } from '@functions/lib/qr/test-helpers';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { RegistroAltaFields, RegistroAnulacionFields, VerifactuRecord } from '@shared/schemas/verifactu';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifactuActions } from '../handler';
import type { VerifactuDeps } from '../store/deps';
import { NO_QR_MESSAGE } from './get-invoice-qr';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps: VerifactuDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date('2027-01-15T10:00:00Z'),
  newId: () => 'id1',
};
const handler = createApiHandler('verifactu', verifactuActions, () => deps);

const altaFields = (numSerie: string, importe: string): RegistroAltaFields =>
  ({
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: numSerie,
      FechaExpedicionFactura: '15-01-2027',
    },
    ImporteTotal: importe,
    CuotaTotal: '21.00',
  }) as RegistroAltaFields;

const record = (seq: number, over: Partial<VerifactuRecord> = {}): VerifactuRecord =>
  ({
    companyId: COMPANY,
    seq,
    recordId: `${COMPANY}-${seq}`,
    kind: 'ALTA',
    operation: 'ALTA',
    invoiceId: 'inv1',
    invoiceNumber: 'F/2027&1',
    invoiceDate: '2027-01-15',
    invoiceType: 'F1',
    totalCents: 12_100,
    customerName: null,
    mode: 'VERIFACTU',
    environment: 'TEST',
    fields: altaFields('F/2027&1', '121.00'),
    huella: 'A'.repeat(64),
    ...over,
  }) as VerifactuRecord;

const item = (r: VerifactuRecord) => ({
  ...keys.verifactuRecord(COMPANY, r.seq),
  ...keys.verifactuRecordByInvoice(COMPANY, r.invoiceId, r.seq),
  entity: 'VerifactuRecord',
  v: 1,
  ...r,
});

const URL_V1 =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F%2F2027%261&fecha=15-01-2027&importe=121.00';

let membership: Record<string, unknown>;

const call = async (
  routeId: 'verifactu.invoiceQr' | 'verifactu.downloadQr',
  query: Record<string, string> = {},
  invoiceId = 'inv1',
) =>
  (await handler(
    apiEvent({
      routeId,
      params: { invoiceId },
      query,
      claims: { sub: USER, groups: ['GESTOR'] },
      headers: { 'x-company-id': COMPANY },
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;

const recordsQueried = () =>
  db
    .commandCalls(QueryCommand)
    .filter(
      (c) =>
        c.args[0].input.IndexName === 'gsi1' &&
        c.args[0].input.ExpressionAttributeValues?.[':pk'] ===
          keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk,
    );

beforeEach(() => {
  db.reset();
  membership = { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true };
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).callsFake(() => ({ Item: membership }));
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), companyId: COMPANY },
  });
  db.on(QueryCommand).resolves({ Items: [] });
  db.on(QueryCommand, {
    IndexName: 'gsi1',
    ExpressionAttributeValues: { ':pk': keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk },
  }).resolves({ Items: [item(record(3))] });
  // Records already sent to the AEAT, unless a test says otherwise.
  for (const seq of [1, 3, 7]) submission(seq, 'VERIFIED');
});

function submission(seq: number, status: string) {
  db.on(GetCommand, { Key: keys.verifactuSubmission(COMPANY, seq) }).resolves({
    Item: { ...keys.verifactuSubmission(COMPANY, seq), companyId: COMPANY, seq, status },
  });
}

/** The company sends now: an enabled VERI*FACTU configuration with a certificate valid on deps.now(). */
function configured() {
  db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).resolves({
    Item: { companyId: COMPANY, mode: 'VERIFACTU', enabled: true, certificateId: 'cert1' },
  });
  db.on(GetCommand, { Key: keys.verifactuCertificate(COMPANY, 'cert1') }).resolves({
    Item: { validFrom: '2026-01-01T00:00:00Z', validTo: '2028-01-01T00:00:00Z' },
  });
}

describe('GET /api/v1/verifactu/invoices/{invoiceId}/qr', () => {
  it('answers the PNG (base64) of the record URL, escaped, level M, at the requested size', async () => {
    const res = await call('verifactu.invoiceQr', { format: 'png', size: '256' });
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers?.['content-type']).toBe('image/png');
    expect(res.headers?.['content-disposition']).toBeUndefined();
    const png = new Uint8Array(Buffer.from(res.body, 'base64'));
    expect(pngChunks(png).every((c) => c.crcOk)).toBe(true);
    const { width, dark } = pngBilevelPixels(png);
    expect(width).toBe(256);
    // The pixels are the matrix of the escaped URL (sampled at each module's centre).
    const m = qrMatrix(URL_V1);
    const size = Math.floor(256 / (m.length + 8));
    const offset = Math.floor((256 - m.length * size) / 2);
    const sampled = m.map((row, y) =>
      row.map((_, x) => dark[offset + y * size + (size >> 1)]![offset + x * size + (size >> 1)]!),
    );
    expect(sampled).toEqual(m);
    expect(recordsQueried()).toHaveLength(1);
  });

  it('defaults to a 300 px PNG and answers SVG on request', async () => {
    const png = await call('verifactu.invoiceQr');
    expect(png.headers?.['content-type']).toBe('image/png');
    expect(pngBilevelPixels(new Uint8Array(Buffer.from(png.body, 'base64'))).width).toBe(300);

    const svg = await call('verifactu.invoiceQr', { format: 'svg', size: '120' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers?.['content-type']).toBe('image/svg+xml');
    const text = Buffer.from(svg.body, 'base64').toString('utf8');
    expect(text).toMatch(/^<svg /);
    expect(text).toContain('width="120" height="120"');
    expect(text).toContain('numserie=F%2F2027%261&amp;fecha=15-01-2027');
  });

  it('uses the latest alta: a subsanación supersedes the first alta, an anulación has no QR', async () => {
    const sub = record(7, { operation: 'SUBSANACION', fields: altaFields('F/2027&1', '133.10') });
    const anulacion = record(9, {
      kind: 'ANULACION',
      operation: 'ANULACION',
      fields: { IDFactura: {} } as RegistroAnulacionFields,
    });
    db.on(QueryCommand, {
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk },
    }).resolves({ Items: [item(anulacion), item(sub), item(record(3))] }); // newest first
    const svg = await call('verifactu.invoiceQr', { format: 'svg' });
    const text = Buffer.from(svg.body, 'base64').toString('utf8');
    expect(text).toContain('importe=133.10');
  });

  it('points production records at the production URL; a NO VERI*FACTU record has no QR', async () => {
    db.on(QueryCommand, {
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk },
    })
      .resolvesOnce({ Items: [item(record(1, { environment: 'PRODUCTION' }))] })
      .resolvesOnce({ Items: [item(record(1, { mode: 'NO_VERIFACTU' }))] });
    const text = Buffer.from(
      (await call('verifactu.invoiceQr', { format: 'svg' })).body,
      'base64',
    ).toString();
    expect(text).toContain('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674');
    expect((await call('verifactu.invoiceQr', { format: 'svg' })).statusCode).toBe(404);
  });

  it('is a 404 CORE_006 in Spanish for an invoice without a VeriFacTu record', async () => {
    const res = await call('verifactu.invoiceQr', {}, 'other');
    expect(res.statusCode).toBe(404);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('CORE_006');
    expect(body.error.message).toBe(NO_QR_MESSAGE);
  });

  it('a queued record of a company without VeriFacTu configured: no QR (404); configured: the QR', async () => {
    submission(3, 'QUEUED');
    const refused = await call('verifactu.invoiceQr');
    expect(refused.statusCode).toBe(404);
    expect(JSON.parse(refused.body).error.message).toBe(NO_QR_MESSAGE);
    expect((await call('verifactu.downloadQr')).statusCode).toBe(404);

    configured();
    const res = await call('verifactu.invoiceQr', { format: 'svg' });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.body, 'base64').toString()).toContain('numserie=F%2F2027%261');
  });

  it('refuses a bad format or size (CORE_004) before reading anything', async () => {
    const bad: Record<string, string>[] = [{ format: 'gif' }, { size: '10' }, { size: '5000' }];
    for (const query of bad) {
      const res = await call('verifactu.invoiceQr', query);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('CORE_004');
    }
    expect(recordsQueried()).toHaveLength(0);
  });

  it('lets a CLIENTE read only with VIEW_TAX_DOCUMENTS', async () => {
    membership = {
      ...keys.membership(COMPANY, USER),
      companyRole: 'CLIENTE',
      isActive: true,
      permissions: ['VIEW_INVOICES'],
    };
    expect((await call('verifactu.invoiceQr')).statusCode).toBe(403);
    membership = { ...membership, permissions: ['VIEW_TAX_DOCUMENTS'] };
    expect((await call('verifactu.invoiceQr')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/verifactu/invoices/{invoiceId}/qr/download', () => {
  it('answers the same image as an attachment named qr-<invoiceNumber>', async () => {
    const png = await call('verifactu.downloadQr');
    expect(png.statusCode).toBe(200);
    expect(png.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="qr-F-2027-1.png"',
    });
    const inline = await call('verifactu.invoiceQr');
    expect(png.body).toBe(inline.body);

    const svg = await call('verifactu.downloadQr', { format: 'svg' });
    expect(svg.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-disposition': 'attachment; filename="qr-F-2027-1.svg"',
    });
  });

  it('is a 404 without a record', async () => {
    expect((await call('verifactu.downloadQr', {}, 'other')).statusCode).toBe(404);
  });
});
