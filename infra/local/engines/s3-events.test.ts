import type { S3rverEventRecord } from 's3rver';
import { describe, expect, it } from 'vitest';
import { encodeS3EventKey, matchesNotification, toS3EventRecord } from './s3-events';

/** How production handlers read the key (AWS documents this decoding). */
const decode = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

describe('S3 event keys', () => {
  it('encodes keys the way S3 writes them into notifications', () => {
    expect(encodeS3EventKey('red flower.jpg')).toBe('red+flower.jpg');
    expect(encodeS3EventKey('my file (1).pdf')).toBe('my+file+%281%29.pdf');
    expect(encodeS3EventKey('this im + age.txt')).toBe('this+im+%2B+age.txt');
    expect(encodeS3EventKey('test/10:47:07.log')).toBe('test/10%3A47%3A07.log');
    expect(encodeS3EventKey('dt=2018-05-04/_SUCCESS')).toBe('dt%3D2018-05-04/_SUCCESS');
    expect(encodeS3EventKey('facturas/2026/Factura nº 7 ñandú.pdf')).toBe(
      'facturas/2026/Factura+n%C2%BA+7+%C3%B1and%C3%BA.pdf',
    );
  });

  it('round-trips through the production decoding for awkward names', () => {
    for (const key of ["a b+c/d (1)!'~*.pdf", 'inbound/0102abc-def-000000', 'x/%41/ü€.txt', 'a//b']) {
      expect(decode(encodeS3EventKey(key))).toBe(key);
    }
  });

  it('filters on the raw key by prefix and suffix', () => {
    expect(matchesNotification('uploads/a b.pdf', { prefix: 'uploads/', suffix: '.pdf' })).toBe(true);
    expect(matchesNotification('uploads/a.png', { prefix: 'uploads/', suffix: '.pdf' })).toBe(false);
    expect(matchesNotification('other/a.pdf', { prefix: 'uploads/' })).toBe(false);
    expect(matchesNotification('anything', { prefix: '' })).toBe(true);
  });
});

describe('S3 event records', () => {
  const raw: S3rverEventRecord = {
    eventTime: '2026-11-20T10:00:00.000Z',
    eventName: 'ObjectCreated:Put',
    requestParameters: { sourceIPAddress: '127.0.0.1' },
    s3: {
      bucket: { name: 'cuadra-documents' },
      object: { key: 'a b.pdf', size: 42, eTag: 'abc', sequencer: '18F' },
    },
  };

  it('builds the record real S3 sends to Lambda', () => {
    const record = toS3EventRecord(raw, { region: 'eu-west-1', configurationId: 'documents-0' });
    expect(record).toMatchObject({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'eu-west-1',
      eventName: 'ObjectCreated:Put',
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'documents-0',
        bucket: { name: 'cuadra-documents', arn: 'arn:aws:s3:::cuadra-documents' },
        object: { key: 'a+b.pdf', size: 42, eTag: 'abc', sequencer: '18F' },
      },
    });
    expect(record.responseElements['x-amz-request-id']).toMatch(/^[A-Z0-9]{16}$/);
  });
});
