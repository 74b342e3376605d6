import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cifControl, dniLetter, validateTaxId } from './nif';

describe('validateTaxId', () => {
  it.each([
    ['12345678Z', 'DNI'],
    ['00000000T', 'DNI'],
    ['X1234567L', 'NIE'],
    ['Y1234567X', 'NIE'],
    ['Z1234567R', 'NIE'],
    ['B12345674', 'CIF'],
    ['A58818501', 'CIF'],
    ['Q2826000H', 'CIF'],
    ['es b-12345674', 'CIF'],
  ])('accepts %s as %s', (nif, kind) => {
    const r = validateTaxId(nif);
    expect(r).toMatchObject({ valid: true, kind });
  });

  it.each([
    ['12345678A', 'La letra del DNI no es correcta.'],
    ['X1234567A', 'La letra del NIE no es correcta.'],
    ['B12345675', 'El carácter de control del CIF no es correcto.'],
    ['Q2826000A', 'El carácter de control del CIF no es correcto.'],
    ['A5881850A', 'El carácter de control del CIF no es correcto.'],
    ['1234', 'El formato del NIF no es válido.'],
    ['', 'El formato del NIF no es válido.'],
  ])('refuses %s', (nif, reason) => {
    expect(validateTaxId(nif)).toMatchObject({ valid: false, reason });
  });

  it('normalises spaces, dashes and the ES prefix', () => {
    expect(validateTaxId(' 12.345.678-z ').normalized).toBe('12345678Z');
    expect(validateTaxId('ESB12345674').normalized).toBe('B12345674');
  });

  it('accepts every DNI built with its letter and refuses every other letter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom(...'ABCDEFGHJKLMNPQRSTVWXYZ'),
        (n, l) => {
          const digits = String(n).padStart(8, '0');
          expect(validateTaxId(digits + l).valid).toBe(l === dniLetter(n));
        },
      ),
    );
  });

  it('accepts every SL CIF built with its control digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
        const digits = String(n).padStart(7, '0');
        expect(validateTaxId(`B${digits}${cifControl(digits).digit}`).valid).toBe(true);
      }),
    );
  });
});
