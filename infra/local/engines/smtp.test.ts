import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { localClientConfig } from '../aws';
import { silentLogger } from '../util/log';
import { type RunningS3, startS3 } from './s3';
import { type RunningSmtp, startInboundSmtp, verdictHeaders } from './smtp';
import { sendMail } from './test-smtp-client';

let s3: RunningS3 | undefined;
let smtp: RunningSmtp | undefined;
let dir: string | undefined;

afterEach(async () => {
  await smtp?.stop();
  await s3?.stop();
  smtp = undefined;
  s3 = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('inbound SMTP', () => {
  it('stores the raw message in the inbound bucket, which fires its notification', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-smtp-'));
    const events: S3Event[] = [];
    s3 = await startS3({
      directory: dir,
      buckets: [
        {
          name: 'test-inbound',
          browserUploads: false,
          notifications: [{ prefix: 'inbound/', consumer: { entry: 'test/inbox.ts', export: 'handler' } }],
        },
      ],
      corsOrigins: [],
      invoke: async (_e, event) => {
        events.push(event as S3Event);
      },
      logger: silentLogger,
    });
    smtp = await startInboundSmtp({ s3Endpoint: s3.endpoint, bucket: 'test-inbound', logger: silentLogger });

    const message =
      'From: ana@example.com\nTo: facturas@inbox.cuadra.test\nSubject: Factura\n\nAdjunto factura.';
    const replies = await sendMail(smtp.port, 'ana@example.com', 'facturas@inbox.cuadra.test', message);
    expect(replies.at(-2)).toMatch(/^250 Message accepted as 0102/);
    await s3.settled();

    expect(events).toHaveLength(1);
    const key = events[0]!.Records[0]!.s3.object.key;
    expect(key).toMatch(/^inbound\/0102[0-9a-f]{12}-[0-9a-f-]{36}-000000$/);
    const client = new S3Client({ ...localClientConfig(s3.endpoint), forcePathStyle: true });
    const object = await client.send(new GetObjectCommand({ Bucket: 'test-inbound', Key: key }));
    const raw = await object.Body!.transformToString();
    expect(raw).toContain('Subject: Factura');
    expect(raw).toContain('Adjunto factura.');
    // The listener's verdicts come first, as SES prepends its own.
    expect(
      raw.startsWith('X-Original-To: facturas@inbox.cuadra.test\r\nAuthentication-Results: cuadra.local;'),
    ).toBe(true);
    expect(raw).toMatch(/dmarc=pass header\.from=example\.com/);
    expect(raw).toContain('X-SES-Virus-Verdict: PASS');
  });
});

describe('inbound SMTP verdicts', () => {
  const session = (mailFrom: string | false) => ({
    envelope: {
      mailFrom: mailFrom === false ? (false as const) : { address: mailFrom, args: false as const },
      rcptTo: [{ address: 'x@inbox.cuadra.test', args: false as const }],
    },
  });

  it('DMARC fails when the From domain is not aligned with MAIL FROM', async () => {
    const raw = Buffer.from(
      'From: director@banco.es\r\nTo: x@inbox.cuadra.test\r\nSubject: Pago\r\n\r\nhola',
    );
    expect(await verdictHeaders(raw, session('ana@facturas.proveedor.es'))).toMatch(/dmarc=fail/);
    expect(await verdictHeaders(raw, session('bounce@mail.banco.es'))).toMatch(/dmarc=pass/);
    expect(await verdictHeaders(raw, session(false))).toMatch(/dmarc=fail/);
  });

  it('an EICAR attachment or an executable fails the virus verdict', async () => {
    const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
    const mail = (name: string, content: Buffer) =>
      Buffer.from(
        [
          'From: a@b.es',
          'Content-Type: multipart/mixed; boundary="z"',
          '',
          '--z',
          'Content-Type: text/plain',
          '',
          'hola',
          '--z',
          `Content-Type: application/octet-stream; name="${name}"`,
          `Content-Disposition: attachment; filename="${name}"`,
          'Content-Transfer-Encoding: base64',
          '',
          content.toString('base64'),
          '--z--',
          '',
        ].join('\r\n'),
      );
    expect(await verdictHeaders(mail('eicar.com.txt', Buffer.from(eicar)), session('a@b.es'))).toContain(
      'X-SES-Virus-Verdict: FAIL',
    );
    expect(await verdictHeaders(mail('f.pdf', Buffer.from('MZ\x90\x00')), session('a@b.es'))).toContain(
      'X-SES-Virus-Verdict: FAIL',
    );
    expect(await verdictHeaders(mail('factura.exe', Buffer.from('hola')), session('a@b.es'))).toContain(
      'X-SES-Virus-Verdict: FAIL',
    );
    expect(
      await verdictHeaders(mail('factura.pdf', Buffer.from('%PDF-1.4 hola')), session('a@b.es')),
    ).toContain('X-SES-Virus-Verdict: PASS');
  });
});
