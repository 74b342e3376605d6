import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { InboxEmail } from '@shared/schemas/inbox';
import { beforeEach, describe, expect, it } from 'vitest';
import { getOrCreateInboxConfig } from './inbox-config';
import type { InboxDeps } from './inbox-deps';
import { reprocessRecorded, takeInRawMail } from './inbox-intake';
import type { IncomingDocumentInput } from './intake';

const table = fakeTable(DynamoDBDocumentClient);
const COMPANY = 'c1';
const log = createLogger({ test: 'inbox-intake' });
let intakes: IncomingDocumentInput[];
let ids = 0;

const deps: InboxDeps = {
  db: testDocumentClient(),
  table: 'test-table',
  now: () => new Date('2026-04-02T10:00:00Z'),
  newId: () => `id${String(++ids).padStart(6, '0')}`,
  mailDomain: 'inbox.cuadra.test',
  raw: { get: async () => null, put: async () => {}, listSince: async () => [] },
  // The documents' intake is D1's (tested there): here it records what the inbox sent, idempotent by upload id.
  intake: async (input) => {
    if (!intakes.some((i) => i.uploadId === input.uploadId)) intakes.push(input);
    return { documentId: `doc-${input.uploadId}` } as DocumentDetails;
  },
  invokeDraft: async () => {
    throw new Error('not used');
  },
};

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');
const PDF = `%PDF-1.4\n${'x'.repeat(30_000)}\n%%EOF`;

function rawMail(o: { top: string; to: string; from?: string; messageId?: string }) {
  return new TextEncoder().encode(
    [
      o.top,
      `From: Proveedor <${o.from ?? 'facturas@proveedor.es'}>`,
      `To: ${o.to}`,
      'Subject: Factura F-2026-001',
      ...(o.messageId ? [`Message-ID: <${o.messageId}>`] : []),
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Adjunto la factura.',
      '--b1',
      'Content-Type: application/pdf; name="F-2026-001.pdf"',
      'Content-Disposition: attachment; filename="F-2026-001.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(PDF),
      '--b1',
      'Content-Type: image/png; name="logo.png"',
      'Content-Disposition: inline; filename="logo.png"',
      'Content-ID: <logo>',
      'Content-Transfer-Encoding: base64',
      '',
      b64(new Uint8Array(300)),
      '--b1',
      'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name="nota.docx"',
      'Content-Disposition: attachment; filename="nota.docx"',
      'Content-Transfer-Encoding: base64',
      '',
      b64('PK notas'),
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

const PASS =
  'Authentication-Results: cuadra.local; spf=none; dkim=none; dmarc=pass\r\nX-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: PASS';

beforeEach(() => {
  table.reset();
  intakes = [];
  ids = 0;
  table.put({
    ...keys.company(COMPANY),
    entity: 'Company',
    companyId: COMPANY,
    name: 'Panadería La Espiga SL',
  });
});

const inboxEmails = () => table.all('InboxEmail') as unknown as InboxEmail[];

describe('takeInRawMail', () => {
  it('records a mail to the company alias and sends its invoice attachment to the intake', async () => {
    const { emailAlias } = await getOrCreateInboxConfig(deps, COMPANY);
    const result = await takeInRawMail(deps, {
      rawKey: 'inbound/m1',
      bytes: rawMail({ top: PASS, to: `${emailAlias}@inbox.cuadra.test`, messageId: 'abc@proveedor.es' }),
      origin: 'EMAIL',
      log,
    });

    expect(result.outcome).toBe('TAKEN');
    const [email] = inboxEmails();
    expect(email).toMatchObject({
      companyId: COMPANY,
      status: 'PROCESSED',
      classification: 'INVOICE',
      sender: 'facturas@proveedor.es',
    });
    expect(email!.verdicts).toEqual({
      spf: 'NONE',
      dkim: 'NONE',
      dmarc: 'PASS',
      spam: 'PASS',
      virus: 'PASS',
    });
    expect(intakes).toHaveLength(1);
    expect(intakes[0]).toMatchObject({
      companyId: COMPANY,
      fileName: 'F-2026-001.pdf',
      origin: 'EMAIL',
      inboxEmailId: email!.inboxId,
      documentType: 'INVOICE',
    });
    expect(email!.attachments.map((a) => [a.fileName, a.documentId !== null, a.skippedReason])).toEqual([
      ['F-2026-001.pdf', true, null],
      ['logo.png', false, 'Imagen insertada pequeña (logotipo o firma).'],
      ['nota.docx', false, 'Tipo de archivo no admitido (.docx).'],
    ]);
  });

  it('a mail delivered twice is one mail and one document, even without a Message-ID', async () => {
    const { emailAlias } = await getOrCreateInboxConfig(deps, COMPANY);
    const to = `${emailAlias}@inbox.cuadra.test`;
    await takeInRawMail(deps, {
      rawKey: 'inbound/m1',
      bytes: rawMail({ top: PASS, to }),
      origin: 'EMAIL',
      log,
    });
    const again = await takeInRawMail(deps, {
      rawKey: 'inbound/m2',
      bytes: rawMail({ top: `X-Original-To: ${to}\r\n${PASS}`, to }),
      origin: 'EMAIL',
      log,
    });

    expect(again.emails[0]!.fresh).toBe(false);
    expect(inboxEmails()).toHaveLength(1);
    expect(intakes).toHaveLength(1);
  });

  it('a spoofed mail (DMARC fail) is IGNORED and nothing is read', async () => {
    const { emailAlias } = await getOrCreateInboxConfig(deps, COMPANY);
    await takeInRawMail(deps, {
      rawKey: 'inbound/m1',
      bytes: rawMail({
        top: 'Authentication-Results: cuadra.local; spf=none; dkim=none; dmarc=fail\r\nX-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: PASS',
        to: `${emailAlias}@inbox.cuadra.test`,
        from: 'director@banco.es',
      }),
      origin: 'EMAIL',
      log,
    });

    const [email] = inboxEmails();
    expect(email).toMatchObject({ status: 'IGNORED', ignoredReason: { code: 'AUTHENTICATION' } });
    expect(email!.attachments.every((a) => a.documentId === null)).toBe(true);
    expect(intakes).toHaveLength(0);
  });

  it('a forged pass below the MTA verdicts does not help a virus', async () => {
    const { emailAlias } = await getOrCreateInboxConfig(deps, COMPANY);
    await takeInRawMail(deps, {
      rawKey: 'inbound/m1',
      bytes: rawMail({
        top: `Authentication-Results: cuadra.local; spf=none; dkim=none; dmarc=pass\r\nX-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: FAIL\r\nX-SES-Virus-Verdict: PASS`,
        to: `${emailAlias}@inbox.cuadra.test`,
      }),
      origin: 'EMAIL',
      log,
    });
    expect(inboxEmails()[0]).toMatchObject({ status: 'IGNORED', ignoredReason: { code: 'VIRUS' } });
    expect(intakes).toHaveLength(0);
  });

  it('a mail for no known alias is dropped: no mail stored', async () => {
    const result = await takeInRawMail(deps, {
      rawKey: 'inbound/m1',
      bytes: rawMail({ top: PASS, to: 'nadie-zzzz@inbox.cuadra.test' }),
      origin: 'EMAIL',
      log,
    });
    expect(result.outcome).toBe('DROPPED');
    expect(inboxEmails()).toHaveLength(0);
    expect(table.get(keys.inboundObject('inbound/m1'))).toMatchObject({ result: 'DROPPED' });
  });

  it('reprocess reads the raw mail again without making a second document', async () => {
    const { emailAlias } = await getOrCreateInboxConfig(deps, COMPANY);
    const bytes = rawMail({ top: PASS, to: `${emailAlias}@inbox.cuadra.test` });
    await takeInRawMail(deps, { rawKey: 'inbound/m1', bytes, origin: 'EMAIL', log });
    const after = await reprocessRecorded(
      { ...deps, raw: { ...deps.raw, get: async () => bytes } },
      inboxEmails()[0]!,
    );
    expect(after.status).toBe('PROCESSED');
    expect(intakes).toHaveLength(1);
    expect(after.attachments[0]!.documentId).toBe(inboxEmails()[0]!.attachments[0]!.documentId);
  });
});
