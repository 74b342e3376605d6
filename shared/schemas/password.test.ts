import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { ChangePasswordInput, Password, RegisterBody, ResetPasswordInput } from './identity';
import { isCommonPassword, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblems } from './password';

describe('the password rule', () => {
  it('asks for 12 characters: 11 are refused, 12 pass', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordProblems('Abcdefghij1')).toEqual(['La contraseña debe tener al menos 12 caracteres.']);
    expect(passwordProblems('Abcdefghijk1')).toEqual([]);
  });

  it('accepts the demo password', () => {
    expect(passwordProblems('Cuadra-Demo-2026')).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    // 11 characters, 12 UTF-16 units: still too short.
    expect(passwordProblems('Abcdefghi1😀')).toContain(PASSWORD_MESSAGES.tooShort);
  });

  it.each([
    ['a tab', 'Abcdefghijk1\t'],
    ['a line break', 'Abcdef\nghijk1'],
    ['a NUL', 'Abcdefghijk1\u0000'],
    ['a C1 control', 'Abcdefghijk1\u0085'],
    ['a lone surrogate', 'Abcdefghijk1\ud800'],
  ])('refuses %s', (_, password) => {
    expect(passwordProblems(password)[0]).toBe('La contraseña no puede contener caracteres de control.');
  });

  it('refuses a common password whatever its case', () => {
    expect(COMMON_PASSWORDS).toContain('1qaz2wsx3edc');
    expect(isCommonPassword('1QAZ2wsx3EDC')).toBe(true);
    // Meets every other rule, so only the list can refuse it.
    expect(passwordProblems('Qwerty123456')).toEqual(['Esta contraseña es demasiado común. Elige otra.']);
  });

  it('ships only entries the length rule would let through, lower-cased and unique', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(400);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const p of COMMON_PASSWORDS) {
      expect([...p].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(p).toBe(p.toLowerCase());
    }
  });
});

describe('the schemas that take a new password', () => {
  const issueOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    r.error?.issues[0];

  it('Password refuses a short and a common one with their Spanish messages', () => {
    expect(issueOf(Password.safeParse('Corta12345A'))?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(issueOf(Password.safeParse('Qwerty123456'))?.message).toBe(PASSWORD_MESSAGES.common);
    expect(Password.safeParse('Una-Clave-Larga-7').success).toBe(true);
  });

  it('reset and change apply the rule to newPassword', () => {
    const token = 'a'.repeat(43);
    expect(issueOf(ResetPasswordInput.safeParse({ token, newPassword: 'Qwerty123456' }))).toMatchObject({
      path: ['newPassword'],
      message: PASSWORD_MESSAGES.common,
    });
    expect(
      issueOf(ChangePasswordInput.safeParse({ currentPassword: 'x', newPassword: 'Corta1A' })),
    ).toMatchObject({ path: ['newPassword'], message: PASSWORD_MESSAGES.tooShort });
  });

  it('registration applies the rule to password', () => {
    const parsed = RegisterBody.safeParse({ password: 'Qwerty123456' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((i) => i.path[0] === 'password')?.message).toBe(
      PASSWORD_MESSAGES.common,
    );
  });
});
