import { queues } from '@infra/manifest';
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { MAIL_MAX_RECEIVES } from './mail-job';
import { base64Lines, buildRawMessage, encodeAddress, encodeHeaderWord } from './mime';

const pdf = new Uint8Array(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));

const message = (over: Partial<Parameters<typeof buildRawMessage>[0]> = {}) =>
  buildRawMessage({
    from: 'Cuadra <no-reply@cuadra.es>',
    to: ['ana@example.es', 'luis@example.es'],
    cc: ['conta@example.es'],
    replyTo: ['facturas@fontaneria.es'],
    subject: 'Factura F-2026-0007 de Fontanería Romero S.L. — €',
    text: 'Buenos días:\n\nLe enviamos adjunta la factura F-2026-0007.\n\nAtentamente,\nFontanería Romero',
    attachments: [{ fileName: 'F-2026-0007.pdf', contentType: 'application/pdf', content: pdf }],
    date: new Date('2026-03-02T10:00:00.000Z'),
    boundary: '=_cuadra_test',
    ...over,
  });

describe('buildRawMessage', () => {
  it('is multipart/mixed with the text part and the base64 PDF, lines CRLF, ASCII and ≤ 78 characters', async () => {
    const raw = message();
    expect(raw).toMatch(/^From: "Cuadra" <no-reply@cuadra\.es>\r\n/);
    expect(raw).toContain('\r\nMIME-Version: 1.0\r\n');
    expect(raw).toContain('Content-Type: multipart/mixed; boundary="=_cuadra_test"');
    expect(raw).toContain('Date: Mon, 02 Mar 2026 10:00:00 +0000');
    expect(raw).toContain('\r\n--=_cuadra_test\r\nContent-Type: text/plain; charset=UTF-8\r\n');
    expect(raw).toContain(
      'Content-Type: application/pdf; name="F-2026-0007.pdf"\r\nContent-Disposition: attachment; filename="F-2026-0007.pdf"\r\nContent-Transfer-Encoding: base64\r\n',
    );
    expect(raw.endsWith('\r\n--=_cuadra_test--\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw).toMatch(/^[\x20-\x7e\r\n]*$/);
    const lines = raw.split('\r\n');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(78);
    // The attachment's base64 body: full lines of exactly 76 characters, then the rest.
    const start =
      lines.indexOf(
        'Content-Transfer-Encoding: base64',
        lines.findIndex((l) => l.startsWith('Content-Disposition')),
      ) + 2;
    const body = lines.slice(start, lines.indexOf('--=_cuadra_test--'));
    expect(body.slice(0, -1).every((l) => l.length === 76)).toBe(true);
    expect(Buffer.from(body.join(''), 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it('encodes the UTF-8 subject as RFC 2047 words a mail reader decodes back', async () => {
    const raw = message();
    const subjectHeader = raw.slice(raw.indexOf('Subject: '), raw.indexOf('\r\nDate:'));
    expect(subjectHeader).toMatch(
      /^Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=(\r\n =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)*$/,
    );
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Factura F-2026-0007 de Fontanería Romero S.L. — €');
    expect(parsed.text?.trim()).toBe(
      'Buenos días:\n\nLe enviamos adjunta la factura F-2026-0007.\n\nAtentamente,\nFontanería Romero',
    );
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((v) => v.address) : []).toEqual([
      'ana@example.es',
      'luis@example.es',
    ]);
    expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value.map((v) => v.address) : []).toEqual([
      'conta@example.es',
    ]);
    expect(parsed.replyTo?.value[0]?.address).toBe('facturas@fontaneria.es');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'F-2026-0007.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.compare(parsed.attachments[0]!.content, Buffer.from(pdf))).toBe(0);
  });

  it('keeps an ASCII subject as it is and nests text and HTML in multipart/alternative', async () => {
    const raw = message({ subject: 'Factura F-1', html: '<p>Hola <b>Ana</b></p>' });
    expect(raw).toContain('\r\nSubject: Factura F-1\r\n');
    expect(raw).toContain('Content-Type: multipart/alternative; boundary="=_cuadra_test_alt"');
    const parsed = await simpleParser(raw);
    expect(parsed.html).toContain('<b>Ana</b>');
    expect(parsed.attachments).toHaveLength(1);
  });

  it('encodes a non-ASCII file name (RFC 2231) and display name', async () => {
    const raw = message({
      from: 'Fontanería Romero <no-reply@cuadra.es>',
      attachments: [{ fileName: 'Factura año 2026.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(raw).toContain("filename*=UTF-8''Factura%20a%C3%B1o%202026.pdf");
    const parsed = await simpleParser(raw);
    expect(parsed.attachments[0]?.filename).toBe('Factura año 2026.pdf');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Fontanería Romero', address: 'no-reply@cuadra.es' });
  });
});

describe('header helpers', () => {
  it('RFC 2047 words stay ≤ 75 characters and decode to the original, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => {
        const encoded = encodeHeaderWord(s);
        const words = encoded.split('\r\n ');
        if (/^[\x20-\x7e]*$/.test(s)) return encoded === s;
        for (const w of words) {
          expect(w.length).toBeLessThanOrEqual(75);
          expect(w).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]*\?=$/);
        }
        const decoded = words.map((w) => Buffer.from(w.slice(10, -2), 'base64').toString('utf8')).join('');
        return decoded === s;
      }),
    );
  });

  it('base64 lines are 76 characters but the last, and decode to the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const lines = base64Lines(bytes);
        return (
          lines.slice(0, -1).every((l) => l.length === 76) &&
          (lines.at(-1)?.length ?? 0) <= 76 &&
          Buffer.from(lines.join(''), 'base64').equals(Buffer.from(bytes))
        );
      }),
    );
  });

  it('quotes ASCII display names and leaves bare addresses alone', () => {
    expect(encodeAddress('ana@example.es')).toBe('ana@example.es');
    expect(encodeAddress('Ana "la jefa" <ana@example.es>')).toBe('"Ana \\"la jefa\\"" <ana@example.es>');
  });
});

it('the last attempt of the mail consumer is the queue maxReceiveCount (manifest)', () => {
  expect(MAIL_MAX_RECEIVES).toBe(queues.mail.maxReceiveCount);
});
