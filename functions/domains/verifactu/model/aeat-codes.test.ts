import { describe, expect, it } from 'vitest';
import { AEAT_CODES, aeatCodeClass, aeatCodeText, parseFaultString } from './aeat-codes';

describe('AEAT codes', () => {
  it('classifies the listed codes (reference §4.6)', () => {
    expect(aeatCodeClass('1100')).toBe('rejected');
    expect(aeatCodeClass('1287')).toBe('rejected');
    expect(aeatCodeClass('2000')).toBe('accepted-with-errors');
    expect(aeatCodeClass('2007')).toBe('accepted-with-errors');
    expect(aeatCodeClass('3000')).toBe('duplicate');
    expect(aeatCodeClass('3001')).toBe('rejected');
    expect(aeatCodeClass('4102')).toBe('fault');
    expect(aeatCodeClass('4104')).toBe('fault');
  });

  it('classifies unlisted codes by their thousand, and nothing else', () => {
    expect(aeatCodeClass('1999')).toBe('rejected');
    expect(aeatCodeClass('2999')).toBe('accepted-with-errors');
    expect(aeatCodeClass('3999')).toBe('rejected');
    expect(aeatCodeClass('4999')).toBe('fault');
    expect(aeatCodeClass('20009')).toBeNull();
    expect(aeatCodeClass('abc')).toBeNull();
    expect(aeatCodeClass(null)).toBeNull();
  });

  it('every listed code has a Spanish description and a class that matches its number', () => {
    for (const c of AEAT_CODES.values()) {
      expect(c.description.length).toBeGreaterThan(5);
      expect(c.class).toBe(
        c.code === '3000'
          ? 'duplicate'
          : ({ 1: 'rejected', 2: 'accepted-with-errors', 3: 'rejected', 4: 'fault' } as const)[
              Number(c.code[0]) as 1 | 2 | 3 | 4
            ],
      );
    }
  });

  it("the AEAT's own text wins", () => {
    expect(aeatCodeText('1100', 'Texto AEAT')).toBe('Texto AEAT');
    expect(aeatCodeText('1100', null)).toBe('Valor o tipo incorrecto de un campo.');
    expect(aeatCodeText('1777', '')).toBe('Código AEAT 1777.');
    expect(aeatCodeText(null, null)).toBeNull();
  });

  it('reads the code of a fault string', () => {
    expect(parseFaultString('Codigo[4102].El XML no cumple el esquema.')).toEqual({
      code: '4102',
      text: 'El XML no cumple el esquema.',
    });
    expect(parseFaultString('Error interno')).toEqual({ code: null, text: 'Error interno' });
  });
});
