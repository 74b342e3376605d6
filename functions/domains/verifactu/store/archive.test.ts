/**
 * The archive of the SOAP exchanges: keys from ids only, S3 behind aws-sdk-client-mock (the lazily
 * loaded client is the same class), the failure policy (request not stored → nothing sent; response
 * not stored → retried once, then the outcome goes on without it), and the gateway's order: the
 * envelope is stored before the call and the raw answer after it.
 */

import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createLogger } from '@functions/platform/logger';
import type { VerifactuRecord } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AeatCallInput, AeatCallResult } from './aeat-client';
import { xmlGateway } from './aeat-client';
import {
  ARCHIVE_BUCKET_ENV,
  ArchiveUnavailableError,
  archiveKey,
  exchangeRecorder,
  isArchiveKeyOf,
  responseContent,
  s3ArchiveStore,
} from './archive';

process.env.LOG_LEVEL = 'silent';
const log = createLogger({});
const s3 = mockClient(S3Client);
const BUCKET = 'cuadra-test-verifactu-archive';
const AT = new Date('2027-01-15T10:00:00.000Z');
const KEY_SHAPE = /^verifactu\/co-1\/2027\/01\/[A-Za-z0-9_-]+-(request|response)\.(xml|txt)$/;

const puts = () =>
  s3
    .commandCalls(PutObjectCommand)
    .map((c) => c.args[0].input as { Key: string; Body: string; ContentType: string });

beforeEach(() => {
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  process.env[ARCHIVE_BUCKET_ENV] = BUCKET;
});
afterEach(() => {
  delete process.env[ARCHIVE_BUCKET_ENV];
});

const record = (numSerie: string) =>
  ({
    kind: 'ALTA',
    invoiceDate: '2027-01-15',
    fields: {
      IDVersion: '1.0',
      IDFactura: {
        IDEmisorFactura: 'B12345678',
        NumSerieFactura: numSerie,
        FechaExpedicionFactura: '15-01-2027',
      },
      NombreRazonEmisor: 'X',
      TipoFactura: 'F1',
      DescripcionOperacion: 'Venta',
      Desglose: [],
      CuotaTotal: '0.00',
      ImporteTotal: '0.00',
      Encadenamiento: { PrimerRegistro: 'S' },
      SistemaInformatico: {},
      FechaHoraHusoGenRegistro: '2027-01-15T10:00:00+01:00',
      TipoHuella: '01',
      Huella: 'A'.repeat(64),
    },
  }) as unknown as VerifactuRecord;

const RESPONSE_XML =
  '<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><x>CSV</x></env:Body></env:Envelope>';
const TARGET = { url: 'https://aeat.test/', pfx: Buffer.from('p12'), passphrase: 'secreto', timeoutMs: 1000 };
const CABECERA = { obligado: { name: 'Panadería', nif: 'B12345678' }, representante: null };

describe('archive keys', () => {
  it('are verifactu/<companyId>/<yyyy>/<mm>/<exchangeId>-<part>.<ext> in the UTC month', () => {
    expect(archiveKey('co-1', AT, 'att1', 'request', 'xml')).toBe('verifactu/co-1/2027/01/att1-request.xml');
    expect(archiveKey('co-1', new Date('2026-12-31T23:30:00Z'), 'a', 'response', 'txt')).toBe(
      'verifactu/co-1/2026/12/a-response.txt',
    );
  });

  it('refuse anything that is not an id (no path, no user text)', () => {
    for (const bad of ['../x', 'a/b', 'F 2027/1', '', 'x'.repeat(81), 'á'])
      expect(() => archiveKey(bad, AT, 'a', 'request', 'xml'), bad).toThrow(/invalid/);
    for (const bad of ['../x', 'a/b', 'F-2027/0001', ''])
      expect(() => archiveKey('co-1', AT, bad, 'request', 'xml'), bad).toThrow(/invalid/);
    expect(() =>
      exchangeRecorder(s3ArchiveStore(), { companyId: 'co/1', exchangeId: 'a', at: AT, log }),
    ).toThrow();
  });

  it('isArchiveKeyOf accepts only the company’s own archive keys', () => {
    expect(isArchiveKeyOf('co-1', 'verifactu/co-1/2027/01/att1-request.xml')).toBe(true);
    expect(isArchiveKeyOf('co-2', 'verifactu/co-1/2027/01/att1-request.xml')).toBe(false);
    expect(isArchiveKeyOf('co-1', 'documents/co-1/x.pdf')).toBe(false);
    expect(isArchiveKeyOf('co-1', 'verifactu/co-1/2027/01/../../co-2/a-request.xml')).toBe(false);
  });
});

describe('the S3 store', () => {
  it('puts into the bucket of BUCKET_VERIFACTU_ARCHIVE with the content type', async () => {
    await s3ArchiveStore().put(
      'verifactu/co-1/2027/01/a-request.xml',
      '<x/>',
      'application/xml; charset=utf-8',
    );
    expect(puts()).toEqual([
      expect.objectContaining({
        Bucket: BUCKET,
        Key: 'verifactu/co-1/2027/01/a-request.xml',
        Body: '<x/>',
        ContentType: 'application/xml; charset=utf-8',
      }),
    ]);
  });

  it('gets the bytes back, and null for a missing key', async () => {
    s3.on(GetObjectCommand, { Key: 'verifactu/co-1/2027/01/a-request.xml' }).resolves({
      Body: { transformToByteArray: async () => new TextEncoder().encode('<x/>') } as never,
      ContentType: 'application/xml',
    });
    s3.on(GetObjectCommand, { Key: 'verifactu/co-1/2027/01/b-request.xml' }).rejects(
      Object.assign(new Error('missing'), { name: 'NoSuchKey' }),
    );
    const got = await s3ArchiveStore().get('verifactu/co-1/2027/01/a-request.xml');
    expect(new TextDecoder().decode(got!.body)).toBe('<x/>');
    expect(await s3ArchiveStore().get('verifactu/co-1/2027/01/b-request.xml')).toBeNull();
  });
});

describe('exchange recorder', () => {
  it('stores the request, then the XML answer byte for byte, and gives both keys', async () => {
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att1', at: AT, log });
    await rec.request('<soap>req</soap>');
    await rec.response({ kind: 'http', status: 200, body: RESPONSE_XML });
    expect(rec.keys()).toEqual({
      request: 'verifactu/co-1/2027/01/att1-request.xml',
      response: 'verifactu/co-1/2027/01/att1-response.xml',
    });
    expect(puts().map((p) => p.Body)).toEqual(['<soap>req</soap>', RESPONSE_XML]);
  });

  it('a non-XML outcome is stored as text with the status or the transport outcome', () => {
    expect(responseContent({ kind: 'http', status: 503, body: 'Service Unavailable' })).toEqual({
      ext: 'txt',
      body: 'HTTP 503\n\nService Unavailable',
    });
    expect(responseContent({ kind: 'timeout', requestSent: true }).body).toMatch(
      /^timeout\nrequestSent=true/,
    );
    expect(responseContent({ kind: 'connection-lost', requestSent: false }).body).toBe(
      'connection-lost\nrequestSent=false\n',
    );
    expect(responseContent({ kind: 'tls-error', message: 'ERR_SSL_X' }).body).toBe('tls-error\nERR_SSL_X\n');
  });

  it('a request that cannot be stored throws ArchiveUnavailableError and gives no keys', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att1', at: AT, log });
    await expect(rec.request('<soap/>')).rejects.toBeInstanceOf(ArchiveUnavailableError);
    expect(rec.keys()).toBeNull();
  });

  it('a response that cannot be stored is retried once; then the keys say response: null', async () => {
    s3.on(PutObjectCommand).resolvesOnce({}).rejectsOnce(new Error('SlowDown')).resolvesOnce({}).resolves({});
    const ok = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att1', at: AT, log });
    await ok.request('<soap/>');
    await ok.response({ kind: 'timeout', requestSent: true });
    expect(ok.keys()).toEqual({
      request: 'verifactu/co-1/2027/01/att1-request.xml',
      response: 'verifactu/co-1/2027/01/att1-response.txt',
    });

    s3.reset();
    s3.on(PutObjectCommand).resolvesOnce({}).rejects(new Error('SlowDown'));
    const lost = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att2', at: AT, log });
    await lost.request('<soap/>');
    await expect(lost.response({ kind: 'http', status: 200, body: RESPONSE_XML })).resolves.toBeUndefined();
    expect(lost.keys()).toEqual({ request: 'verifactu/co-1/2027/01/att2-request.xml', response: null });
    expect(puts()).toHaveLength(3); // request + two tries of the response
  });

  it('later pages of one exchange go under <id>-p2, -p3; the keys name the first', async () => {
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'c1', at: AT, log });
    await rec.request('<p1/>');
    await rec.response({ kind: 'http', status: 200, body: RESPONSE_XML });
    await rec.request('<p2/>');
    await rec.response({ kind: 'http', status: 200, body: RESPONSE_XML });
    expect(puts().map((p) => p.Key)).toEqual([
      'verifactu/co-1/2027/01/c1-request.xml',
      'verifactu/co-1/2027/01/c1-response.xml',
      'verifactu/co-1/2027/01/c1-p2-request.xml',
      'verifactu/co-1/2027/01/c1-p2-response.xml',
    ]);
    expect(rec.keys()).toEqual({
      request: 'verifactu/co-1/2027/01/c1-request.xml',
      response: 'verifactu/co-1/2027/01/c1-response.xml',
    });
  });
});

describe('the gateway with a recorder', () => {
  const calls: { input: AeatCallInput; archivedBefore: number }[] = [];
  const fakeCall =
    (result: AeatCallResult) =>
    async (input: AeatCallInput): Promise<AeatCallResult> => {
      calls.push({ input, archivedBefore: puts().length });
      return result;
    };
  beforeEach(() => {
    calls.length = 0;
  });

  it('stores the exact envelope BEFORE the call and the raw answer after it', async () => {
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att1', at: AT, log });
    const gateway = xmlGateway(fakeCall({ kind: 'http', status: 200, body: RESPONSE_XML }));
    await gateway.submit(TARGET, CABECERA, [record('F-2027/0001')], rec);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.archivedBefore).toBe(1);
    const [request, response] = puts();
    expect(request!.Key).toBe('verifactu/co-1/2027/01/att1-request.xml');
    expect(request!.Body).toBe(calls[0]!.input.body); // byte for byte what was sent
    expect(request!.Body).toContain('RegFactuSistemaFacturacion');
    expect(response!.Body).toBe(RESPONSE_XML);
    // The invoice number is in the envelope, never in a key.
    for (const p of puts()) expect(p.Key).toMatch(KEY_SHAPE);
  });

  it('sends nothing when the envelope cannot be archived', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'att1', at: AT, log });
    const gateway = xmlGateway(fakeCall({ kind: 'http', status: 200, body: RESPONSE_XML }));
    await expect(gateway.submit(TARGET, CABECERA, [record('F-1')], rec)).rejects.toBeInstanceOf(
      ArchiveUnavailableError,
    );
    expect(calls).toHaveLength(0);
  });

  it('a ConsultaLR is archived too; if its envelope cannot be, it is not made (ambiguous)', async () => {
    const rec = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'q1', at: AT, log });
    const gateway = xmlGateway(fakeCall({ kind: 'timeout', requestSent: true }));
    const answer = await gateway.consult(TARGET, CABECERA, record('F-1'), rec);
    expect(answer.kind).toBe('ambiguous');
    expect(puts().map((p) => p.Key)).toEqual([
      'verifactu/co-1/2027/01/q1-request.xml',
      'verifactu/co-1/2027/01/q1-response.txt',
    ]);
    expect(puts()[0]!.Body).toContain('ConsultaFactuSistemaFacturacion');

    s3.reset();
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    calls.length = 0;
    const failing = exchangeRecorder(s3ArchiveStore(), { companyId: 'co-1', exchangeId: 'q2', at: AT, log });
    const none = await gateway.consult(TARGET, CABECERA, record('F-1'), failing);
    expect(none).toEqual({ kind: 'ambiguous', message: 'ConsultaLR: no se pudo archivar la petición' });
    expect(calls).toHaveLength(0);
  });
});
