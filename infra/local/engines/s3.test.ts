import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { localClientConfig } from '../aws';
import type { Invoke } from '../types';
import { silentLogger } from '../util/log';
import { type RunningS3, startS3 } from './s3';

const consumer = { entry: 'test/on-upload.ts', export: 'handler' };
let s3: RunningS3 | undefined;
let dir: string | undefined;

afterEach(async () => {
  await s3?.stop();
  s3 = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function setup(invoke: Invoke) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-s3-'));
  s3 = await startS3({
    directory: dir,
    buckets: [
      {
        name: 'test-docs',
        browserUploads: true,
        notifications: [{ prefix: 'uploads/', suffix: '.pdf', consumer }],
      },
      { name: 'test-plain', browserUploads: false, notifications: [] },
    ],
    corsOrigins: ['http://127.0.0.1:3999'],
    invoke,
    logger: silentLogger,
    retryDelaysMs: [10, 10],
  });
  const client = new S3Client({ ...localClientConfig(s3.endpoint), forcePathStyle: true });
  const put = (Key: string, Bucket = 'test-docs') =>
    client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }));
  return { running: s3, put };
}

describe('S3 notifications', () => {
  it('invokes the consumer with a real S3Event for matching keys only', async () => {
    const events: S3Event[] = [];
    const { running, put } = await setup(async (_entry, event) => {
      events.push(event as S3Event);
    });

    await put('uploads/my file (1).pdf');
    await put('uploads/photo.png');
    await put('elsewhere/a.pdf');
    await running.settled();

    expect(events).toHaveLength(1);
    const record = events[0]!.Records[0]!;
    expect(record.s3.object.key).toBe('uploads/my+file+%281%29.pdf');
    expect(record.s3.bucket).toMatchObject({ name: 'test-docs', arn: 'arn:aws:s3:::test-docs' });
    expect(record).toMatchObject({
      eventSource: 'aws:s3',
      awsRegion: 'eu-west-1',
      eventName: 'ObjectCreated:Put',
    });
    expect(record.s3.object.size).toBe(1);
  });

  it('retries a failing consumer twice, like an asynchronous Lambda invocation', async () => {
    let calls = 0;
    const { running, put } = await setup(async () => {
      calls++;
      throw new Error('boom');
    });
    await put('uploads/a.pdf');
    await running.settled();
    expect(calls).toBe(3);
  });
});

describe('S3 CORS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });

  it('lets the app origin PUT into buckets with browser uploads, and nobody else', async () => {
    const { running } = await setup(async () => {});
    const ok = await preflight(`${running.endpoint}/test-docs/uploads/a.pdf`, 'http://127.0.0.1:3999');
    expect(ok.status).toBe(200);
    // s3rver answers preflights with `*` once an origin matched (real S3 echoes the origin).
    expect(ok.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/127\.0\.0\.1:3999)$/);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect((await preflight(`${running.endpoint}/test-docs/a.pdf`, 'http://evil.test')).status).toBe(403);
    expect((await preflight(`${running.endpoint}/test-plain/a.pdf`, 'http://127.0.0.1:3999')).status).toBe(
      403,
    );
  });
});
