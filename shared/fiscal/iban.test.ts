import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cccControlDigits, formatIban, ibanCheckDigits, validateIban } from './iban';

describe('validateIban', () => {
  it.each([
    'ES9121000418450200051332',
    'es91 2100 0418 4502 0005 1332',
    'IBAN ES91-2100-0418-4502-0005-1332',
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
  ])('accepts %s', (iban) => {
    expect(validateIban(iban)).toMatchObject({ valid: true });
  });

  it('checks the Spanish CCC control digits by hand', () => {
    // ES91 2100 0418 45 0200051332
    // 1st DC over 00+2100+0418 = 0,0,2,1,0,0,0,4,1,8 × 1,2,4,8,5,10,9,7,3,6
    //   = 0+0+8+8+0+0+0+28+3+48 = 95; 95 mod 11 = 7; 11 − 7 = 4
    // 2nd DC over 0200051332 = 0,2,0,0,0,5,1,3,3,2 × 1,2,4,8,5,10,9,7,3,6
    //   = 0+4+0+0+0+50+9+21+9+12 = 105; 105 mod 11 = 6; 11 − 6 = 5
    expect(cccControlDigits('2100', '0418', '0200051332')).toBe('45');
  });

  it.each([
    ['ES9221000418450200051332', 'Los dígitos de control del IBAN no son correctos.'],
    ['ES9121000418450200051333', 'Los dígitos de control del IBAN no son correctos.'],
    // DC changed to 46 and the IBAN check digits recomputed (29, by hand with mod 97): the IBAN is
    // consistent, but the CCC is not.
    ['ES2921000418460200051332', 'Los dígitos de control de la cuenta (CCC) no son correctos.'],
    ['ES91210004184502000513', 'El IBAN de ES debe tener 24 caracteres.'],
    ['ES91210004184502000513AB', 'El IBAN español solo puede contener dígitos después de ES.'],
    ['9121000418450200051332', 'El IBAN debe empezar por el código del país y dos dígitos de control.'],
    ['', 'El IBAN debe empezar por el código del país y dos dígitos de control.'],
    ['DE8937040044053201300', 'El IBAN de DE debe tener 22 caracteres.'],
  ])('refuses %s', (iban, reason) => {
    expect(validateIban(iban)).toMatchObject({ valid: false, reason });
  });

  const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });

  it('accepts every Spanish IBAN built from a CCC with its control digits, refuses any one digit changed', () => {
    fc.assert(
      fc.property(
        digits(4),
        digits(4),
        digits(10),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (bank, branch, account, at, delta) => {
          const [b, g, a] = [bank.join(''), branch.join(''), account.join('')];
          const bban = `${b}${g}${cccControlDigits(b, g, a)}${a}`;
          const iban = `ES${ibanCheckDigits('ES', bban)}${bban}`;
          expect(validateIban(iban).valid).toBe(true);

          const pos = 2 + (at % 22);
          const changed = String((Number(iban[pos]) + delta) % 10);
          const broken = iban.slice(0, pos) + changed + iban.slice(pos + 1);
          expect(validateIban(broken).valid).toBe(false);
        },
      ),
    );
  });
});

describe('formatIban', () => {
  it('groups by four', () => {
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });
});
