import { buildRawMessage } from '@functions/domains/mail/model/mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toSentMail } from '../engines/ses-mail';
import { startTestGateway, type TestGateway } from './test-support';

const pdf = Buffer.from('%PDF-1.7\n% factura de prueba\n'.repeat(200));

let tg: TestGateway;
let base: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  tg = await startTestGateway();
  base = tg.gateway.url;
});
afterAll(async () => {
  await tg.gateway.close();
  vi.restoreAllMocks();
});

describe('dev mailbox: raw mails with attachments (invoice e-mails)', () => {
  it('the SES emulator stores a Raw SendEmail with its attachment; the mailbox lists and serves it', async () => {
    const raw = buildRawMessage({
      from: 'Cuadra <no-responder@cuadra.local>',
      to: ['cliente@example.es'],
      subject: 'Factura F-2026-0007 de Fontanería Romero S.L.',
      text: 'Le enviamos adjunta la factura.',
      attachments: [{ fileName: 'F-2026-0007.pdf', contentType: 'application/pdf', content: pdf }],
      date: new Date('2026-03-02T10:00:00.000Z'),
      boundary: '=_t',
    });
    // What the SDK puts on the wire: the raw bytes base64-encoded in the JSON body.
    const mail = await toSentMail({
      FromEmailAddress: 'Cuadra <no-responder@cuadra.local>',
      Destination: { ToAddresses: ['cliente@example.es'] },
      Content: { Raw: { Data: Buffer.from(raw).toString('base64') } },
    });
    expect(mail.subject).toBe('Factura F-2026-0007 de Fontanería Romero S.L.');
    expect(mail.attachments).toEqual([
      { filename: 'F-2026-0007.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    tg.mails.push({ ...mail, id: 'inv-mail' });

    const list = (await (await fetch(`${base}/_dev/mailbox.json`)).json()) as { attachments?: unknown[] }[];
    expect(list[0]?.attachments).toHaveLength(1);
    const page = await (await fetch(`${base}/_dev/mailbox/inv-mail`)).text();
    expect(page).toContain('Adjuntos');
    expect(page).toContain('href="/_dev/mailbox/inv-mail/attachments/0"');
    expect(page).toContain('F-2026-0007.pdf');

    const res = await fetch(`${base}/_dev/mailbox/inv-mail/attachments/0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="F-2026-0007.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);

    expect((await fetch(`${base}/_dev/mailbox/inv-mail/attachments/1`)).status).toBe(404);
    expect((await fetch(`${base}/_dev/mailbox/nope/attachments/0`)).status).toBe(404);
  });
});
