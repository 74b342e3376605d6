import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from './send-mail';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESv2Client);
const s3Mock = mockClient(S3Client);

const NOW = new Date('2026-03-01T10:00:00.000Z');
const mail = {
  to: ['ana@example.es'],
  subject: 'Restablece tu contraseña',
  text: 'Tu enlace: https://app/reset?token=SECRET-TOKEN',
  html: '<p><a href="https://app/reset?token=SECRET-TOKEN">Restablecer</a></p>',
  template: 'reset-password',
  companyId: 'co-1',
};
const message = (messageId: string, outboxId: string, m: object = mail): SQSRecord =>
  ({
    messageId,
    body: JSON.stringify({ outboxId, mail: m }),
    attributes: { ApproximateReceiveCount: '1' },
  }) as unknown as SQSRecord;

const ccf = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const puts = () => ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);

beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
  s3Mock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('MAIL_FROM', 'Cuadra <no-reply@cuadra.es>');
  vi.stubEnv('LOG_LEVEL', 'silent');
  vi.stubEnv('BUCKET_DOCUMENTS', 'docs-bucket');
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(UpdateCommand).resolves({});
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(DeleteCommand).resolves({});
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('send-mail', () => {
  it('claims the mail, sends it once through SES and records it as SENT', async () => {
    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([]);
    const sends = sesMock.commandCalls(SendEmailCommand);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.args[0].input).toEqual({
      FromEmailAddress: 'Cuadra <no-reply@cuadra.es>',
      Destination: { ToAddresses: ['ana@example.es'] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    });

    const [claim, sent] = puts();
    expect(claim).toMatchObject({
      Item: { pk: 'MAIL#ob-1', sk: 'MAIL', status: 'SENDING', sendingSince: NOW.toISOString() },
      ConditionExpression: expect.stringContaining('attribute_not_exists(pk)'),
    });
    const attemptId = claim!.Item!.attemptId;
    expect(sent).toMatchObject({
      Item: {
        pk: 'MAIL#ob-1',
        sk: 'MAIL',
        gsi1pk: 'COMPANY#co-1',
        gsi1sk: `MAIL#${NOW.toISOString()}#ob-1`,
        entity: 'SentMail',
        status: 'SENT',
        sesMessageId: 'ses-1',
        to: ['ana@example.es'],
        subject: mail.subject,
        template: 'reset-password',
        sentAt: NOW.toISOString(),
      },
      ExpressionAttributeValues: { ':attemptId': attemptId },
    });
    // The log entry keeps who/what/when, never the body with its token.
    expect(JSON.stringify(sent!.Item)).not.toContain('SECRET-TOKEN');
  });

  it('a duplicate delivery of the same job does not send twice', async () => {
    const table = new Map<string, Record<string, unknown>>();
    ddbMock.on(GetCommand).callsFake(({ Key }) => ({ Item: table.get(Key.pk) }));
    ddbMock.on(PutCommand).callsFake(({ Item }) => void table.set(Item.pk, Item));

    const first = await handler({ Records: [message('m1', 'ob-1')] });
    const second = await handler({ Records: [message('m2', 'ob-1')] });

    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(table.get('MAIL#ob-1')?.status).toBe('SENT');
  });

  it('skips a mail whose record says SENT', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'MAIL#ob-1', status: 'SENT', sesMessageId: 'ses-0' } });

    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(puts()).toHaveLength(0);
  });

  it('takes over a SENDING record older than the visibility timeout (a crashed attempt)', async () => {
    const crashedAt = new Date(NOW.getTime() - 10 * 60_000).toISOString();
    ddbMock
      .on(GetCommand)
      .resolves({ Item: { status: 'SENDING', attemptId: 'dead', sendingSince: crashedAt } });

    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    const [claim, sent] = puts();
    expect(claim!.ExpressionAttributeValues).toMatchObject({
      ':sending': 'SENDING',
      ':staleBefore': new Date(NOW.getTime() - 180_000).toISOString(),
    });
    expect(sent!.Item).toMatchObject({ status: 'SENT' });
  });

  it('leaves a fresh SENDING record to its owner and retries later instead of sending', async () => {
    const since = new Date(NOW.getTime() - 20_000).toISOString();
    ddbMock.on(GetCommand).resolves({ Item: { status: 'SENDING', attemptId: 'live', sendingSince: since } });

    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('does not send when another attempt wins the claim race', async () => {
    ddbMock.on(PutCommand).rejects(ccf());

    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('releases its claim and reports the message when SES fails, without logging the body', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l));
    sesMock.on(SendEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded'));

    const res = await handler({
      Records: [message('m1', 'ob-1'), message('m2', 'ob-2', { ...mail, to: ['b@x.es'] })],
    });

    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m1', 'm2']);
    const deletes = ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input);
    expect(deletes.map((d) => d.Key?.pk).sort()).toEqual(['MAIL#ob-1', 'MAIL#ob-2']);
    const claimOf = (pk: string) => puts().find((p) => p.Item?.pk === pk)!.Item!.attemptId;
    const release = deletes.find((d) => d.Key?.pk === 'MAIL#ob-1')!;
    expect(release.ConditionExpression).toBe('#status = :sending AND attemptId = :attemptId');
    expect(release.ExpressionAttributeValues).toMatchObject({ ':attemptId': claimOf('MAIL#ob-1') });
    expect(puts().filter((p) => p.Item?.status === 'SENT')).toHaveLength(0);
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN');
  });

  it('reports only the message that failed in a mixed batch', async () => {
    sesMock
      .on(SendEmailCommand, { Destination: { ToAddresses: ['broken@x.es'] } })
      .rejects(new Error('MessageRejected'));

    const res = await handler({
      Records: [
        message('m1', 'ob-1'),
        message('m2', 'ob-2', { ...mail, to: ['broken@x.es'] }),
        message('m3', 'ob-3'),
      ],
    });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(3);
  });

  it('does not resend when SES accepted the mail but recording SENT failed', async () => {
    ddbMock.on(PutCommand).resolvesOnce({}).rejects(new Error('DynamoDB unavailable'));

    const res = await handler({ Records: [message('m1', 'ob-1')] });

    expect(res.batchItemFailures).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('rejects a malformed job without sending', async () => {
    const res = await handler({
      Records: [{ ...message('m1', 'ob-1'), body: JSON.stringify({ outboxId: 'ob-1', mail: { to: [] } }) }],
    });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('omits the Html part and the company index when the mail has neither', async () => {
    const { html, companyId, ...plain } = mail;

    await handler({ Records: [message('m1', 'ob-1', plain)] });

    const body = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body;
    expect(body).toEqual({ Text: { Data: mail.text, Charset: 'UTF-8' } });
    const sent = puts().find((p) => p.Item?.status === 'SENT')!;
    expect(sent.Item).not.toHaveProperty('gsi1pk');
  });
});

describe('send-mail with an inline calendar invitation', () => {
  it('attaches the .ics carried in the message as text/calendar; method=REQUEST, without reading S3', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    const meetingMail = {
      to: ['cliente@example.es'],
      subject: 'Reunión confirmada: IVA',
      text: 'La invitación de calendario va adjunta (reunion.ics).',
      template: 'meeting-confirmed',
      attachments: [{ inlineText: ics, fileName: 'reunion.ics', contentType: 'text/calendar' }],
    };
    const res = await handler({ Records: [message('m-ics', 'ob-ics', meetingMail)] });

    expect(res.batchItemFailures).toEqual([]);
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(0);
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    const parsed = await simpleParser(Buffer.from(input.Content!.Raw!.Data!));
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]!.filename).toBe('reunion.ics');
    expect(parsed.attachments[0]!.contentType).toBe('text/calendar');
    expect(parsed.attachments[0]!.content.toString('utf8')).toBe(ics);
    expect(Buffer.from(input.Content!.Raw!.Data!).toString()).toContain('method=REQUEST');
  });

  it('refuses an inline attachment over the size limit (the queue edge validates it)', async () => {
    const big = {
      to: ['cliente@example.es'],
      subject: 's',
      text: 't',
      template: 'meeting-confirmed',
      attachments: [
        { inlineText: 'x'.repeat(16_001), fileName: 'reunion.ics', contentType: 'text/calendar' },
      ],
    };
    const res = await handler({ Records: [message('m-big', 'ob-big', big)] });
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm-big' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('send-mail with an attached invoice PDF', () => {
  const pdfBytes = Buffer.from('%PDF-1.7\n'.padEnd(3000, 'x'));
  const log = { entity: 'InvoiceEmail', companyId: 'co-1', invoiceId: 'inv-1', emailId: 'em-1' } as const;
  const invoiceMail = {
    to: ['cliente@example.es'],
    cc: ['conta@example.es'],
    replyTo: ['facturas@fontaneria.es'],
    subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
    text: 'Le enviamos adjunta la factura F-2026-0007.',
    template: 'invoice-email',
    companyId: 'co-1',
    attachments: [
      { s3Key: 'invoices/co-1/inv-1/em-1.pdf', fileName: 'F-2026-0007.pdf', contentType: 'application/pdf' },
    ],
    log,
  };
  const withReceives = (r: SQSRecord, n: number) =>
    ({ ...r, attributes: { ApproximateReceiveCount: String(n) } }) as unknown as SQSRecord;
  const updates = () => ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);

  beforeEach(() => {
    // The SDK's stream body, reduced to the one method the consumer calls.
    s3Mock
      .on(GetObjectCommand)
      .callsFake(() => ({ Body: { transformToByteArray: async () => new Uint8Array(pdfBytes) } }));
  });

  it('reads the PDF from the documents bucket, sends raw MIME and marks the log entry SENT', async () => {
    const res = await handler({ Records: [message('m1', 'ob-1', invoiceMail)] });

    expect(res.batchItemFailures).toEqual([]);
    expect(s3Mock.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'docs-bucket',
      Key: 'invoices/co-1/inv-1/em-1.pdf',
    });
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Content?.Simple).toBeUndefined();
    expect(input.Destination).toEqual({
      ToAddresses: ['cliente@example.es'],
      CcAddresses: ['conta@example.es'],
    });
    expect(input.ReplyToAddresses).toBeUndefined();
    const parsed = await simpleParser(Buffer.from(input.Content!.Raw!.Data!));
    expect(parsed.replyTo?.value[0]?.address).toBe('facturas@fontaneria.es');
    expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.text : '').toBe('conta@example.es');
    expect(parsed.subject).toBe(invoiceMail.subject);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]!.filename).toBe('F-2026-0007.pdf');
    expect(parsed.attachments[0]!.content.equals(pdfBytes)).toBe(true);

    const [update] = updates();
    expect(update).toMatchObject({
      Key: { pk: 'COMPANY#co-1', sk: 'INVEMAIL#inv-1#em-1' },
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':sent': 'SENT', ':sentAt': NOW.toISOString(), ':id': 'ses-1' },
    });
    expect(puts().find((p) => p.Item?.status === 'SENT')?.Item).toMatchObject({ template: 'invoice-email' });
  });

  it('is idempotent: a duplicate delivery neither sends nor updates the log again', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'MAIL#ob-1', status: 'SENT' } });

    await handler({ Records: [message('m2', 'ob-1', invoiceMail)] });

    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(0);
    expect(updates()).toHaveLength(0);
  });

  it('leaves the log QUEUED on a failure the queue will retry, and marks it FAILED on the last attempt', async () => {
    sesMock
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Address blacklisted'), { name: 'MessageRejected' }));

    const early = await handler({ Records: [withReceives(message('m1', 'ob-1', invoiceMail), 4)] });
    expect(early.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(updates()).toHaveLength(0);

    const last = await handler({ Records: [withReceives(message('m1', 'ob-1', invoiceMail), 5)] });
    // Still reported as failed, so SQS moves it to the DLQ.
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    const [failed] = updates();
    expect(failed).toMatchObject({
      Key: { pk: 'COMPANY#co-1', sk: 'INVEMAIL#inv-1#em-1' },
      ConditionExpression: 'attribute_exists(pk) AND #status <> :sent',
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':at': NOW.toISOString(),
        ':error': 'MessageRejected: Address blacklisted',
      },
    });
  });

  it('fails (and releases its claim) when the attachment cannot be read, without sending', async () => {
    s3Mock.on(GetObjectCommand).rejects(Object.assign(new Error('gone'), { name: 'NoSuchKey' }));

    const res = await handler({ Records: [withReceives(message('m1', 'ob-1', invoiceMail), 5)] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(1);
    expect(updates()[0]?.ExpressionAttributeValues).toMatchObject({ ':error': 'NoSuchKey: gone' });
  });
});
