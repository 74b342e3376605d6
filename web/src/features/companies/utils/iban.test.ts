import { describe, expect, it } from 'vitest';
import { formatIban, normalizeIban, validateIban } from './iban';

describe('validateIban', () => {
  it.each([
    'ES9121000418450200051332',
    'ES91 2100 0418 4502 0005 1332',
    'es7921000813610123456789',
    'ES88 0081 0001 2000 0123 4567',
    'DE89 3704 0044 0532 0130 00',
  ])('accepts %s', (iban) => {
    const result = validateIban(iban);
    expect(result).toEqual({ valid: true, normalized: normalizeIban(iban) });
  });

  it.each([
    ['ES9221000418450200051332', 'Los dígitos de control del IBAN no son correctos.'],
    ['ES9121000418450200051333', 'Los dígitos de control del IBAN no son correctos.'],
    ['ES0021000418450200051332', 'Los dígitos de control del IBAN no son correctos.'],
  ])('refuses %s, whose check digits are wrong', (iban, reason) => {
    expect(validateIban(iban)).toMatchObject({ valid: false, reason });
  });

  it('says how long a Spanish IBAN must be', () => {
    expect(validateIban('ES91210004184502000513')).toMatchObject({
      valid: false,
      reason: 'Un IBAN de ES tiene 24 caracteres y este tiene 22.',
    });
  });

  it('refuses symbols and a missing country code', () => {
    expect(validateIban('ES91.2100.0418').reason).toBe('El IBAN solo puede contener letras y números.');
    expect(validateIban('2100041845020005133212').reason).toBe(
      'El IBAN debe empezar por el código del país y dos dígitos de control (ES00...).',
    );
    expect(validateIban('   ').reason).toBe('El IBAN está vacío.');
  });
});

describe('formatIban', () => {
  it('groups the characters in fours', () => {
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});
