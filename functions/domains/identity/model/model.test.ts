import { hashToken } from '@functions/platform/tokens';
import { describe, expect, it } from 'vitest';
import { company, membership, profile } from '../testing/support';
import { countClients, gestorTypeOf } from './gestor-type';
import {
  activeDelay,
  delayAfter,
  FAILURE_WINDOW_MS,
  isExpired,
  MAX_DELAY_MS,
  remainingAttempts,
  retryDeadline,
} from './lockout';
import { linkWithToken, resetPasswordMail, verificationMail } from './mails';
import { maskEmail } from './mask-email';
import { issueToken, isUsable } from './one-time-token';
import { ACCOUNT_RATE_RULES, overLimit, windowStartOf } from './rate-limits';
import { tooManyFailures } from './refusals';
import { defaultFiscalData, planRegistration } from './registration';
import { expiresInSeconds, tokenSubject } from './session-tokens';
import { sharedManagedMemberships, toManagedUser } from './user-access';
import { clientPermissions, companyEntries } from './user-view';

const now = new Date('2026-03-02T10:00:00.000Z');
const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('failed-password delay (a growing delay, never a lock)', () => {
  it('costs nothing for four failures, then waits 30 s doubling up to 15 minutes', () => {
    const seconds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => delayAfter(n) / 1000);
    expect(seconds).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(MAX_DELAY_MS).toBe(15 * 60_000);
    expect(retryDeadline(4, now)).toBeUndefined();
    expect(retryDeadline(6, now)).toEqual(new Date(now.getTime() + 60_000));
  });

  it('remembers failures longer than the longest wait, so waiting does not reset the growth', () => {
    expect(FAILURE_WINDOW_MS).toBeGreaterThan(MAX_DELAY_MS);
    expect(remainingAttempts(3)).toBe(2);
    expect(remainingAttempts(9)).toBe(0);
  });

  it('waits strictly before the deadline', () => {
    const state = { failures: 5, retryAt: now.getTime() + 1, expiresAt: now.getTime() + 1 };
    expect(activeDelay(state, now)).toEqual(new Date(now.getTime() + 1));
    expect(activeDelay({ ...state, retryAt: now.getTime() }, now)).toBeUndefined();
    expect(activeDelay(undefined, now)).toBeUndefined();
    expect(isExpired({ failures: 3, expiresAt: now.getTime() }, now)).toBe(true);
  });

  it('answers AUTH_002 naming the wait, with the seconds for Retry-After', () => {
    const e = tooManyFailures(new Date(now.getTime() + 30_000), now);
    expect(e.code).toBe('AUTH_002');
    expect(e.message).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 30 segundos.');
    expect(e.details).toMatchObject({ retryAfterSeconds: 30 });
    expect(tooManyFailures(new Date(now.getTime() + 240_000), now).message).toContain('4 minutos');
  });
});

describe('per-account rate limits', () => {
  it('lets 5 requests of a window through and answers the rest with the seconds left in it', () => {
    const at = new Date('2026-03-02T10:05:00.000Z'); // 5 minutes into a 15-minute window
    expect(ACCOUNT_RATE_RULES.FORGOT_PASSWORD).toEqual({ limit: 5, windowSeconds: 900 });
    expect(overLimit('FORGOT_PASSWORD', 5, at)).toBeUndefined();
    expect(overLimit('FORGOT_PASSWORD', 6, at)).toBe(600);
    expect(windowStartOf(ACCOUNT_RATE_RULES.FORGOT_PASSWORD, at) % 900).toBe(0);
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
        password: 'Xx1234567890',
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

  it('lets an active OWNER or GESTOR of a shared company see a user, nobody else', () => {
    const target = [
      membership({ companyId: 'c1', userId: 't' }),
      membership({ companyId: 'c2', userId: 't', companyRole: 'OWNER' }),
    ];
    const caller = (companyRole: 'OWNER' | 'GESTOR' | 'MEMBER' | 'CLIENTE', isActive = true) => [
      membership({ companyId: 'c1', userId: 'me', companyRole, isActive }),
    ];
    const shared = (m: ReturnType<typeof caller>) =>
      sharedManagedMemberships(m, target).map((x) => x.companyId);
    expect(shared(caller('GESTOR'))).toEqual(['c1']);
    expect(shared(caller('OWNER'))).toEqual(['c1']);
    expect(shared(caller('MEMBER'))).toEqual([]);
    expect(shared(caller('CLIENTE'))).toEqual([]);
    expect(shared(caller('GESTOR', false))).toEqual([]);
  });

  it('shows a manager the name, e-mail and role of the shared companies only', () => {
    const view = toManagedUser('t', [membership({ companyId: 'c1', userId: 't', companyRole: 'CLIENTE' })]);
    expect(view).toEqual({
      userId: 't',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'García',
      companies: [{ companyId: 'c1', companyRole: 'CLIENTE', isActive: true }],
    });
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
