import { describe, expect, it } from 'vitest';
import { decidePart, envelopeRecipients, mailContentHash, makeAlias, recipientAliases } from './inbox-mail';
import { headerBlock } from './mail-auth';

describe('makeAlias', () => {
  it('slugs the name without the legal form and adds a suffix', () => {
    expect(makeAlias('Panadería La Espiga SL', () => 0)).toBe('panaderia-la-espiga-aaaa');
    expect(makeAlias('Transportes Levante Norte, S.A.')).toMatch(/^transportes-levante-norte-[a-z2-9]{4}$/);
  });
});

describe('recipients', () => {
  it('keeps the aliases at our domain (a +tag dropped), and the envelope recipients', () => {
    const headers = headerBlock(
      'X-Original-To: panaderia-7k2q@inbox.cuadra.test\r\nReceived: from x by y for <otra-2b3c@INBOX.cuadra.test>; now\r\n\r\n',
    );
    const addresses = [
      'Ana <ana@example.com>',
      'facturas+abril@inbox.cuadra.test',
      ...envelopeRecipients(headers),
    ];
    expect(recipientAliases(addresses, 'inbox.cuadra.test').sort()).toEqual([
      'facturas',
      'otra-2b3c',
      'panaderia-7k2q',
    ]);
  });
});

describe('mailContentHash', () => {
  it('is the same for one mail delivered twice with different MTA headers', () => {
    const body = 'From: a@b.es\r\nSubject: x\r\n\r\nhola';
    const one = new TextEncoder().encode(
      `Authentication-Results: cuadra.local; dmarc=pass\r\nX-SES-Spam-Verdict: PASS\r\n${body}`,
    );
    const two = new TextEncoder().encode(
      `X-Original-To: q@r.es\r\nReceived: from a\r\n  by b; today\r\n${body}`,
    );
    expect(mailContentHash(one)).toBe(mailContentHash(two));
    expect(mailContentHash(one)).not.toBe(mailContentHash(new TextEncoder().encode(`${body}!`)));
  });
});

describe('decidePart', () => {
  it('reads invoices, skips logos and other types with a reason', () => {
    expect(
      decidePart({ fileName: 'F-001.pdf', contentType: 'application/pdf', size: 50_000, inline: false }, 0),
    ).toEqual({ read: true, fileName: 'F-001.pdf' });
    expect(decidePart({ fileName: null, contentType: 'image/png', size: 90_000, inline: false }, 1)).toEqual({
      read: true,
      fileName: 'adjunto-2.png',
    });
    expect(
      decidePart({ fileName: 'logo.png', contentType: 'image/png', size: 4_000, inline: true }, 0),
    ).toMatchObject({ read: false });
    expect(
      decidePart(
        { fileName: 'nota.docx', contentType: 'application/octet-stream', size: 4_000, inline: false },
        0,
      ),
    ).toMatchObject({ read: false, reason: 'Tipo de archivo no admitido (.docx).' });
  });
});
