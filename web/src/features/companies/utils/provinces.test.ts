import { describe, expect, it } from 'vitest';
import { findProvince, PROVINCES, postalCodeProblem, provinceOfPostalCode } from './provinces';

describe('provinces', () => {
  it('lists the 50 provinces, Ceuta and Melilla, numbered 01 to 52', () => {
    expect(PROVINCES.map((p) => Number(p.code))).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
  });

  it('finds a province by its co-official name or without accents', () => {
    expect(findProvince('València')?.code).toBe('46');
    expect(findProvince('alava')?.code).toBe('01');
    expect(findProvince('Atlántida')).toBeUndefined();
  });

  it('tells the province of a postal code', () => {
    expect(provinceOfPostalCode('46006')?.name).toBe('Valencia');
    expect(provinceOfPostalCode('53000')).toBeUndefined();
  });
});

describe('postalCodeProblem', () => {
  it('accepts a postal code of the chosen province', () => {
    expect(postalCodeProblem('28012', 'Madrid')).toBeUndefined();
    expect(postalCodeProblem('51001')).toBeUndefined();
  });

  it('refuses a wrong length, an unknown province number and another province', () => {
    expect(postalCodeProblem('2801')).toBe('El código postal tiene 5 dígitos.');
    expect(postalCodeProblem('00123')).toBe(
      'El código postal debe empezar por el número de una provincia (01 a 52).',
    );
    expect(postalCodeProblem('53001')).toBe(
      'El código postal debe empezar por el número de una provincia (01 a 52).',
    );
    expect(postalCodeProblem('46006', 'Madrid')).toBe(
      'El código postal no es de Madrid: los de Madrid empiezan por 28.',
    );
  });
});
