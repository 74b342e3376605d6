/**
 * The archive of the SII exchanges: keys from ids only, S3 behind aws-sdk-client-mock (the lazily
 * loaded client is the same class), and the failure policy: request not stored → nothing sent;
 * response not stored → retried once, then the outcome goes on without it.
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { createLogger } from '@functions/platform/logger';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryArchive } from '../testing/sender-fakes';
import {
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
const AT = new Date('2026-03-10T09:00:00.000Z');

beforeEach(() => {
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
});

describe('archive keys', () => {
  it('are <companyId>/<yyyy>/<mm>/<exchangeId>-<part>.<ext> in the UTC month, from ids only', () => {
    expect(archiveKey('co-1', AT, '20260310T090000000Z-ab', 'request', 'xml')).toBe(
      'co-1/2026/03/20260310T090000000Z-ab-request.xml',
    );
    expect(archiveKey('co-1', new Date('2026-12-31T23:30:00Z'), 'x', 'response', 'txt')).toBe(
      'co-1/2026/12/x-response.txt',
    );
    expect(() => archiveKey('../co', AT, 'x', 'request', 'xml')).toThrow(/invalid company/);
    expect(() => archiveKey('co', AT, 'a/b', 'request', 'xml')).toThrow(/invalid exchange/);
  });

  it('tells a key of the company from any other', () => {
    expect(isArchiveKeyOf('co-1', 'co-1/2026/03/x-request.xml')).toBe(true);
    expect(isArchiveKeyOf('co-1', 'co-2/2026/03/x-request.xml')).toBe(false);
    expect(isArchiveKeyOf('co-1', 'co-1/2026/03/../x-request.xml')).toBe(false);
  });
});

describe('the recorder', () => {
  it('stores the request before and the answer after, with the pages of a query apart', async () => {
    const store = new MemoryArchive();
    const r = exchangeRecorder(store, { companyId: 'co-1', exchangeId: 'ex1', at: AT, log });
    await r.request('<Envelope>1</Envelope>');
    await r.response({ kind: 'http', status: 200, body: '<?xml version="1.0"?><Envelope/>' });
    await r.request('<Envelope>2</Envelope>');
    await r.response({ kind: 'transport', delivered: 'MAYBE', reason: 'TIMEOUT', detail: 'Sin respuesta' });
    expect([...store.objects.keys()]).toEqual([
      'co-1/2026/03/ex1-request.xml',
      'co-1/2026/03/ex1-response.xml',
      'co-1/2026/03/ex1-p2-request.xml',
      'co-1/2026/03/ex1-p2-response.txt',
    ]);
    expect(store.objects.get('co-1/2026/03/ex1-p2-response.txt')!.body).toBe(
      'TIMEOUT\ndelivered=MAYBE\nSin respuesta\n',
    );
    expect(r.keys()).toEqual({
      request: 'co-1/2026/03/ex1-request.xml',
      response: 'co-1/2026/03/ex1-response.xml',
    });
  });

  it('a request that cannot be stored throws ArchiveUnavailableError (the call is not made)', async () => {
    const store = new MemoryArchive();
    store.failing = true;
    const r = exchangeRecorder(store, { companyId: 'co-1', exchangeId: 'ex1', at: AT, log });
    await expect(r.request('<x/>')).rejects.toBeInstanceOf(ArchiveUnavailableError);
    expect(r.keys()).toBeNull();
  });

  it('a response that cannot be stored is retried once, then the outcome goes on without it', async () => {
    let puts = 0;
    const store = {
      put: async (key: string) => {
        puts += 1;
        if (key.includes('response')) throw new Error('S3 down');
      },
      get: async () => null,
    };
    const r = exchangeRecorder(store, { companyId: 'co-1', exchangeId: 'ex1', at: AT, log });
    await r.request('<x/>');
    await r.response({ kind: 'http', status: 500, body: '' });
    expect(puts).toBe(3);
    expect(r.keys()).toEqual({ request: 'co-1/2026/03/ex1-request.xml', response: null });
  });

  it('keeps non-XML answers as text', () => {
    expect(responseContent({ kind: 'http', status: 503, body: '' })).toEqual({
      ext: 'txt',
      body: 'HTTP 503\n(sin cuerpo)\n',
    });
  });
});

describe('the S3 store', () => {
  it('puts into the sii-archive bucket with the content type', async () => {
    const store = s3ArchiveStore({ s3: lazyS3, archiveBucket: 'cuadra-sii-archive' });
    await store.put('co-1/2026/03/x-request.xml', '<x/>', 'application/xml; charset=utf-8');
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'cuadra-sii-archive',
      Key: 'co-1/2026/03/x-request.xml',
      Body: '<x/>',
      ContentType: 'application/xml; charset=utf-8',
    });
  });
});
