import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BadRequestException, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it } from 'vitest';
import { localClientConfig } from '../aws';
import { type RunningSes, startSesEmulator } from './ses';

let ses: RunningSes | undefined;
let dir: string | undefined;

afterEach(async () => {
  await ses?.stop();
  ses = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function setup() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-ses-'));
  ses = await startSesEmulator({ mailboxDir: path.join(dir, 'mailbox') });
  return { running: ses, client: new SESv2Client(localClientConfig(ses.endpoint)), dir };
}

const RAW = [
  'From: "Cuadra" <no-reply@cuadra.test>',
  'To: ana@example.com, luis@example.com',
  'Subject: =?UTF-8?B?RmFjdHVyYSBuwrogNyDigJMgZW5lcm8=?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Adjuntamos la factura.',
  '--b1',
  'Content-Type: application/pdf; name="factura 7.pdf"',
  'Content-Disposition: attachment; filename="factura 7.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 fake').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

describe('SES emulator', () => {
  it('stores a Simple mail sent with the real SESv2 client', async () => {
    const { running, client, dir: d } = await setup();
    const res = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@cuadra.test',
        Destination: { ToAddresses: ['ana@example.com'], CcAddresses: ['cc@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'Bienvenida a Cuadra', Charset: 'UTF-8' },
            Body: { Text: { Data: 'Hola Ana' }, Html: { Data: '<p>Hola Ana</p>' } },
          },
        },
      }),
    );
    expect(res.MessageId).toMatch(/^0102[0-9a-f]{12}-[0-9a-f-]{36}-000000$/);

    const [mail] = await running.mailbox.list();
    expect(mail).toMatchObject({
      id: res.MessageId,
      from: 'no-reply@cuadra.test',
      to: ['ana@example.com'],
      cc: ['cc@example.com'],
      subject: 'Bienvenida a Cuadra',
      text: 'Hola Ana',
      html: '<p>Hola Ana</p>',
    });
    expect(await running.mailbox.get(res.MessageId!)).toEqual(mail);
    expect(fs.readdirSync(path.join(d, 'mailbox'))).toEqual([`${res.MessageId}.json`]);
  });

  it('parses Raw content, attachments included', async () => {
    const { running, client } = await setup();
    const res = await client.send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(RAW) } } }));
    const mail = await running.mailbox.get(res.MessageId!);
    expect(mail).toMatchObject({
      from: 'no-reply@cuadra.test',
      to: ['ana@example.com', 'luis@example.com'],
      subject: 'Factura nº 7 – enero',
      attachments: [{ filename: 'factura 7.pdf', contentType: 'application/pdf', size: 13 }],
    });
    expect(mail?.text?.trim()).toBe('Adjuntamos la factura.');
    expect(mail?.raw).toContain('multipart/mixed');
  });

  it('answers invalid requests with the SES error the SDK maps', async () => {
    const { client } = await setup();
    await expect(
      client.send(
        new SendEmailCommand({
          Destination: { ToAddresses: ['a@example.com'] },
          Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
        }),
      ),
    ).rejects.toBeInstanceOf(BadRequestException);
  });

  it('lists newest first and refuses ids that are not ids', async () => {
    const { running, client } = await setup();
    for (const subject of ['first', 'second']) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@cuadra.test',
          Destination: { ToAddresses: ['a@example.com'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: '.' } } } },
        }),
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await running.mailbox.list()).map((m) => m.subject)).toEqual(['second', 'first']);
    expect(await running.mailbox.get('../ids')).toBeUndefined();
  });
});
