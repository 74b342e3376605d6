/**
 * The smart inbox against the local cloud (issue 17 item 4): a mail with a PDF invoice sent to the
 * company's address over the local SMTP listener appears in the inbox and its invoice in the review
 * list; the same mail sent twice is one mail and one document; a spoofed mail (From not aligned with
 * MAIL FROM, no DKIM) and a mail carrying the EICAR test file are IGNORED and nothing is read.
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@shared/api/envelope';
import type { InboxConfiguration, InboxEmail, ProcessedInvoice } from '@shared/schemas/inbox';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sendMail } from './engines/test-smtp-client';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const COMPANY = 'demo-panaderia-espiga';
const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE = path.resolve(
  here,
  '../../../shared/data/invoices/erseco_facturascripts-plugin-AiScan/F-2024-001.pdf',
);
const run = Date.now().toString(36);

function mime(o: {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  fileName: string;
  content: Buffer;
}) {
  const b64 = o.content.toString('base64').replace(/.{76}/g, '$&\n');
  return [
    `From: Proveedor <${o.from}>`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: <${o.messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="cuadra-b"',
    '',
    '--cuadra-b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Adjunto la factura del mes.',
    '--cuadra-b',
    `Content-Type: application/pdf; name="${o.fileName}"`,
    `Content-Disposition: attachment; filename="${o.fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    '--cuadra-b--',
    '',
  ].join('\n');
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('smart inbox (local cloud)', () => {
  let token: string;
  let address: string;
  const as = () => ({ token, companyId: COMPANY });
  const emails = async () => {
    const res = await api.request<Page<InboxEmail>>('GET', '/api/v1/smart-inbox/emails?size=100', as());
    if (!res.body.success) throw new Error('emails list failed');
    return res.body.data.content;
  };
  const bySubject = async (subject: string) => (await emails()).filter((e) => e.subject === subject);

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
    const config = await api.request<InboxConfiguration>('GET', '/api/v1/smart-inbox/configuration', as());
    if (!config.body.success) throw new Error('configuration failed');
    address = config.body.data.address;
    expect(address).toMatch(/^panaderia-la-espiga-[a-z2-9]{4}@inbox\.cuadra\.test$/);
  });

  it('a mailed invoice reaches the inbox and its review list; sent twice it is one mail and one document', async () => {
    const subject = `Factura ${run}`;
    const message = mime({
      from: 'facturas@proveedor.test',
      to: address,
      subject,
      messageId: `${run}@proveedor.test`,
      fileName: 'F-2024-001.pdf',
      content: fs.readFileSync(SAMPLE),
    });
    const replies = await sendMail(cloud.smtpPort!, 'facturas@proveedor.test', address, message);
    expect(replies.at(-2)).toMatch(/^250 /);

    const [email] = await until('the mail', async () => {
      const found = await bySubject(subject);
      return found[0]?.status === 'PROCESSED' ? found : undefined;
    });
    expect(email).toMatchObject({ classification: 'INVOICE', sender: 'facturas@proveedor.test' });
    expect(email!.verdicts).toMatchObject({ dmarc: 'PASS', virus: 'PASS' });
    const documentId = email!.attachments[0]!.documentId;
    expect(documentId).toBeTruthy();

    const invoice = await until('the invoice in review', async () => {
      const res = await api.request<Page<ProcessedInvoice>>(
        'GET',
        '/api/v1/smart-inbox/invoices/review?size=100',
        as(),
      );
      if (!res.body.success) throw new Error('review list failed');
      return res.body.data.content.find((p) => p.processedInvoiceId === documentId);
    });
    expect(invoice.inboxId).toBe(email!.inboxId);

    await sendMail(cloud.smtpPort!, 'facturas@proveedor.test', address, message);
    // The second delivery is stored and taken in; give it the time the first one took.
    await new Promise((r) => setTimeout(r, 3_000));
    const again = await bySubject(subject);
    expect(again).toHaveLength(1);
    expect(again[0]!.attachments.map((a) => a.documentId)).toEqual([documentId]);
  });

  it('a spoofed mail (From not aligned with MAIL FROM, no DKIM) is IGNORED and nothing is read', async () => {
    const subject = `Urgente ${run}`;
    await sendMail(
      cloud.smtpPort!,
      'bounce@mailer.attacker.test',
      address,
      mime({
        from: 'director@panaderia-la-espiga.test',
        to: address,
        subject,
        messageId: `spoof-${run}@attacker.test`,
        fileName: 'factura.pdf',
        content: fs.readFileSync(SAMPLE),
      }),
    );
    const [email] = await until('the spoofed mail', async () => {
      const found = await bySubject(subject);
      return found[0]?.status === 'IGNORED' ? found : undefined;
    });
    expect(email!.ignoredReason?.code).toBe('AUTHENTICATION');
    expect(email!.verdicts.dmarc).toBe('FAIL');
    expect(email!.attachments.every((a) => a.documentId === null)).toBe(true);
  });

  it('a mail carrying the EICAR test file is IGNORED as a virus', async () => {
    const subject = `Virus ${run}`;
    const eicar = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');
    await sendMail(
      cloud.smtpPort!,
      'facturas@proveedor.test',
      address,
      mime({
        from: 'facturas@proveedor.test',
        to: address,
        subject,
        messageId: `v-${run}@proveedor.test`,
        fileName: 'factura.pdf',
        content: eicar,
      }),
    );
    const [email] = await until('the infected mail', async () => {
      const found = await bySubject(subject);
      return found[0]?.status === 'IGNORED' ? found : undefined;
    });
    expect(email!.ignoredReason?.code).toBe('VIRUS');
    expect(email!.attachments.every((a) => a.documentId === null)).toBe(true);
  });
});
