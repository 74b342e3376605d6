import { describe, expect, it } from 'vitest';
import { headerBlock, judgeMail, readVerdicts, senderAllowed } from './mail-auth';

const mail = (top: string, rest = 'From: ana@proveedor.es\r\nSubject: Factura\r\n\r\nCuerpo') =>
  `${top}${rest}`;

describe('readVerdicts', () => {
  it('reads the verdicts SES prepended', () => {
    const h = headerBlock(
      mail(
        'X-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: PASS\r\nAuthentication-Results: amazonses.com;\r\n spf=pass (spfCheck: ok) smtp.mailfrom=proveedor.es;\r\n dkim=pass header.i=@proveedor.es; dmarc=pass header.from=proveedor.es\r\n',
      ),
    );
    expect(readVerdicts(h)).toEqual({
      spf: 'PASS',
      dkim: 'PASS',
      dmarc: 'PASS',
      spam: 'PASS',
      virus: 'PASS',
      authenticated: true,
    });
  });

  it('only the FIRST occurrence counts: headers forged below the MTA are ignored', () => {
    const h = headerBlock(
      mail(
        'Authentication-Results: cuadra.local; spf=none; dkim=none; dmarc=fail header.from=banco.es\r\nX-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: FAIL\r\n',
        'Authentication-Results: amazonses.com; spf=pass; dkim=pass; dmarc=pass\r\nX-SES-Virus-Verdict: PASS\r\nFrom: x@banco.es\r\n\r\nhola',
      ),
    );
    const v = readVerdicts(h);
    expect(v.dmarc).toBe('FAIL');
    expect(v.virus).toBe('FAIL');
  });

  it('an Authentication-Results of an untrusted authserv-id counts for nothing', () => {
    const v = readVerdicts(
      headerBlock(mail('Authentication-Results: mx.attacker.test; spf=pass; dkim=pass; dmarc=pass\r\n')),
    );
    expect(v).toMatchObject({
      spf: 'UNKNOWN',
      dkim: 'UNKNOWN',
      dmarc: 'UNKNOWN',
      authenticated: false,
      virus: 'NONE',
    });
  });

  it('a FAIL counts wherever it is written (a forged pass does not; a failure gains a sender nothing)', () => {
    const v = readVerdicts(
      headerBlock(
        mail(
          'Authentication-Results: cuadra.local; spf=none; dkim=none; dmarc=pass header.from=proveedor.es\r\nX-SES-Spam-Verdict: PASS\r\nX-SES-Virus-Verdict: PASS\r\n',
          'Authentication-Results: amazonses.com; spf=fail; dkim=fail; dmarc=fail\r\nX-SES-Virus-Verdict: FAIL\r\nFrom: x@proveedor.es\r\n\r\nhola',
        ),
      ),
    );
    expect(v).toMatchObject({ dmarc: 'FAIL', spf: 'FAIL', dkim: 'FAIL', virus: 'FAIL', spam: 'PASS' });
    expect(judgeMail(v, { requireAuthentication: true }).read).toBe(false);
  });

  it('a result inside a comment is not a result', () => {
    const v = readVerdicts(
      headerBlock(
        mail(
          'Authentication-Results: amazonses.com; spf=fail (dkim=pass) smtp.mailfrom=x.es; dmarc=none\r\n',
        ),
      ),
    );
    expect(v.spf).toBe('FAIL');
    expect(v.dkim).toBe('NONE');
  });
});

describe('judgeMail', () => {
  const ok = {
    spf: 'PASS',
    dkim: 'PASS',
    dmarc: 'PASS',
    spam: 'PASS',
    virus: 'PASS',
    authenticated: true,
  } as const;
  const strict = { requireAuthentication: true };

  it('reads a mail that passes', () => {
    expect(judgeMail(ok, strict)).toEqual({ read: true });
  });
  it('ignores a virus, spam, a DMARC failure and SPF failing without DKIM', () => {
    expect(judgeMail({ ...ok, virus: 'FAIL' }, strict)).toMatchObject({ read: false, code: 'VIRUS' });
    expect(judgeMail({ ...ok, spam: 'FAIL' }, strict)).toMatchObject({ read: false, code: 'SPAM' });
    expect(judgeMail({ ...ok, dmarc: 'FAIL' }, strict)).toMatchObject({
      read: false,
      code: 'AUTHENTICATION',
    });
    expect(judgeMail({ ...ok, spf: 'FAIL', dkim: 'NONE' }, strict)).toMatchObject({
      read: false,
      code: 'AUTHENTICATION',
    });
    expect(judgeMail({ ...ok, spf: 'FAIL', dkim: 'PASS' }, strict)).toEqual({ read: true });
  });
  it('a mail without the MTA verdicts is read only when authentication is not required', () => {
    const none = {
      spf: 'UNKNOWN',
      dkim: 'UNKNOWN',
      dmarc: 'UNKNOWN',
      spam: 'NONE',
      virus: 'NONE',
      authenticated: false,
    } as const;
    expect(judgeMail(none, strict)).toMatchObject({ read: false, code: 'NOT_AUTHENTICATED' });
    expect(judgeMail(none, { requireAuthentication: false })).toEqual({ read: true });
  });
});

describe('senderAllowed', () => {
  it('allows everyone when empty; addresses and @domains otherwise', () => {
    expect(senderAllowed('ana@proveedor.es', [])).toBe(true);
    expect(senderAllowed('ana@proveedor.es', ['@proveedor.es'])).toBe(true);
    expect(senderAllowed('ana@facturas.proveedor.es', ['@proveedor.es'])).toBe(true);
    expect(senderAllowed('ana@otroproveedor.es', ['@proveedor.es'])).toBe(false);
    expect(senderAllowed('ana@proveedor.es', ['luis@proveedor.es'])).toBe(false);
  });
});
