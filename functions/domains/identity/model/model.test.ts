import { hashToken } from '@functions/platform/tokens';
import { describe, expect, it } from 'vitest';
import { company, membership, profile } from '../testing/support';
import { countClients, gestorTypeOf } from './gestor-type';
import { activeLock, isExpired, LOCK_MS, lockDeadline, reachesLock, remainingAttempts } from './lockout';
import { linkWithToken, resetPasswordMail, verificationMail } from './mails';
import { maskEmail } from './mask-email';
import { issueToken, isUsable } from './one-time-token';
import { defaultFiscalData, planRegistration } from './registration';
import { expiresInSeconds, tokenSubject } from './session-tokens';
import { canViewUser } from './user-access';
import { clientPermissions, companyEntries } from './user-view';

const now = new Date('2026-03-02T10:00:00.000Z');
const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('lock-out', () => {
  it('locks at the fifth failure, for 30 minutes', () => {
    expect([4, 5, 6].map(reachesLock)).toEqual([false, true, true]);
    expect(lockDeadline(now).getTime() - now.getTime()).toBe(LOCK_MS);
    expect(LOCK_MS).toBe(30 * 60_000);
    expect(remainingAttempts(3)).toBe(2);
    expect(remainingAttempts(9)).toBe(0);
  });

  it('is locked strictly before the deadline', () => {
    const state = { failures: 0, lockedUntil: now.getTime() + 1, expiresAt: now.getTime() + 1 };
    expect(activeLock(state, now)).toEqual(new Date(now.getTime() + 1));
    expect(activeLock({ ...state, lockedUntil: now.getTime() }, now)).toBeUndefined();
    expect(activeLock(undefined, now)).toBeUndefined();
    expect(isExpired({ failures: 3, expiresAt: now.getTime() }, now)).toBe(true);
  });
});

describe('one-time tokens', () => {
  const bytes = (n: number) => new Uint8Array(n).fill(9);

  it('issues 32 random bytes as base64url and stores only their SHA-256', () => {
    const { token, record } = issueToken('PASSWORD_RESET', { userId: 'u', email: 'a@b.es' }, now, bytes);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(record.tokenHash).toBe(hashToken(token));
    expect(record.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain(token);
    expect(record.expiresAt).toBe('2026-03-02T11:00:00.000Z');
  });

  it('is usable only for its kind, unused and before it expires', () => {
    const { record } = issueToken('EMAIL_VERIFY', { userId: 'u', email: 'a@b.es' }, now, bytes);
    expect(isUsable(record, 'EMAIL_VERIFY', now)).toBe(true);
    expect(isUsable(record, 'PASSWORD_RESET', now)).toBe(false);
    expect(isUsable({ ...record, usedAt: now.toISOString() }, 'EMAIL_VERIFY', now)).toBe(false);
    expect(isUsable(record, 'EMAIL_VERIFY', new Date('2026-03-03T10:00:00.000Z'))).toBe(false);
    expect(isUsable(undefined, 'EMAIL_VERIFY', now)).toBe(false);
  });
});

describe('mails', () => {
  it('builds links without doubled slashes and escapes names in HTML', () => {
    expect(linkWithToken('https://app.es/', '/auth/verify-email', 'a-b_c')).toBe(
      'https://app.es/auth/verify-email?token=a-b_c',
    );
    const mail = verificationMail({
      to: 'a@b.es',
      firstName: '<b>Eva</b>',
      link: 'https://app.es/x?token=t',
    });
    expect(mail.html).toContain('&lt;b&gt;Eva&lt;/b&gt;');
    expect(mail.text).toContain('https://app.es/x?token=t');
    expect(resetPasswordMail({ to: 'a@b.es', firstName: 'Eva', link: 'l' }).subject).toBe(
      'Restablece tu contraseña de Cuadra',
    );
  });
});

describe('maskEmail', () => {
  it.each([
    ['juan.perez@gmail.com', 'j***@g***.com'],
    ['a@b.co.uk', 'a***@b***.uk'],
    ['x@localhost', 'x***@l***'],
    ['roto', '***'],
  ])('%s -> %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe('session tokens', () => {
  it('prefers ExpiresIn, else the exp claim, else one hour', () => {
    expect(expiresInSeconds(900, 'x', now)).toBe(900);
    expect(expiresInSeconds(undefined, jwt({ exp: now.getTime() / 1000 + 120 }), now)).toBe(120);
    expect(expiresInSeconds(undefined, 'garbage', now)).toBe(3600);
    expect(tokenSubject(jwt({ sub: 'abc' }))).toBe('abc');
    expect(tokenSubject('garbage')).toBeUndefined();
  });
});

describe('registration plan', () => {
  it('gives autónomos IRPF and societies Impuesto sobre Sociedades, both in the general VAT regime', () => {
    expect(defaultFiscalData('AUTONOMO')).toMatchObject({
      directTax: 'IRPF_ESTIMACION_DIRECTA',
      vatRegime: 'GENERAL',
    });
    for (const type of ['SL', 'SA', 'CB', 'SC'] as const) {
      expect(defaultFiscalData(type).directTax).toBe('IMPUESTO_SOCIEDADES');
    }
  });

  it('makes the first company the default one', () => {
    const plan = planRegistration(
      {
        email: 'a@b.es',
        password: 'Xx123456',
        firstName: 'Eva',
        lastName: 'Ruiz',
        accountType: 'AUTONOMO',
        company: { nif: '12345678Z' },
        acceptTerms: true,
      },
      { userId: 'u1', companyId: 'c9' },
      now,
    );
    expect(plan.profile.defaultCompanyId).toBe('c9');
    expect(plan.company).toMatchObject({ companyId: 'c9', companyType: 'AUTONOMO', name: 'Eva Ruiz' });
    expect(plan.membership).toMatchObject({ companyRole: 'OWNER', userId: 'u1' });
  });
});

describe('user views', () => {
  it('gives client permissions to CLIENTE users only', () => {
    const ms = [
      membership({ permissions: ['UPLOAD_DOCUMENTS'] }),
      membership({ permissions: ['VIEW_INVOICES'] }),
    ];
    expect(clientPermissions(profile(), ms)).toEqual(['VIEW_INVOICES', 'UPLOAD_DOCUMENTS']);
    expect(clientPermissions(profile({ role: 'GESTOR' }), ms)).toEqual([]);
  });

  it('lists only companies of active memberships, the default first', () => {
    const entries = companyEntries(
      [
        company({ companyId: 'a', name: 'Beta' }),
        company({ companyId: 'b', name: 'Alfa' }),
        company({ companyId: 'c' }),
      ],
      [
        membership({ companyId: 'a' }),
        membership({ companyId: 'b' }),
        membership({ companyId: 'c', isActive: false }),
      ],
      'a',
    );
    expect(entries.map((e) => e.companyId)).toEqual(['a', 'b']);
  });

  it('lets OWNER and GESTOR of a shared company see a user, nobody else', () => {
    const target = [membership({ companyId: 'c1', userId: 't' })];
    const caller = (companyRole: 'OWNER' | 'GESTOR' | 'MEMBER' | 'CLIENTE') => [
      membership({ companyId: 'c1', userId: 'me', companyRole }),
    ];
    expect(canViewUser({ userId: 'me', role: 'GESTOR' }, 't', caller('GESTOR'), target)).toBe(true);
    expect(canViewUser({ userId: 'me', role: 'CLIENTE' }, 't', caller('OWNER'), target)).toBe(true);
    expect(canViewUser({ userId: 'me', role: 'CLIENTE' }, 't', caller('MEMBER'), target)).toBe(false);
    expect(canViewUser({ userId: 'me', role: 'CLIENTE' }, 't', caller('CLIENTE'), target)).toBe(false);
    expect(canViewUser({ userId: 'me', role: 'ADMIN' }, 't', [], [])).toBe(true);
  });
});

describe('gestor type', () => {
  it('classifies by role and autónomo flag, and counts each client once', () => {
    expect(gestorTypeOf('GESTOR', false)).toBe('GESTORIA');
    expect(gestorTypeOf('CLIENTE', true)).toBe('AUTONOMO');
    expect(
      countClients('g', [
        membership({ userId: 'g', companyRole: 'OWNER' }),
        membership({ userId: 'x', companyRole: 'CLIENTE' }),
        membership({ userId: 'x', companyRole: 'OWNER', companyId: 'c2' }),
      ]),
    ).toBe(1);
  });
});
