import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBp,
  formatEsDecimal,
  formatEsInteger,
  formatEuros,
  MoneyArithmeticError,
  roundHalfUp,
  sumCents,
} from './money';

describe('roundHalfUp', () => {
  it.each([
    [5, 10, 1], //    0.5  ->  1
    [-5, 10, -1], // -0.5  -> -1 (away from zero, not towards +∞)
    [4, 10, 0], //    0.4  ->  0
    [-4, 10, 0], //  -0.4  ->  0 (and not -0)
    [15, 10, 2], //   1.5  ->  2
    [25, 10, 3], //   2.5  ->  3 (not banker's rounding, which gives 2)
    [-25, 10, -3], // -2.5 -> -3
    [14, -10, -1], //  -1.4 -> -1
    [-15, -10, 2], //   1.5 ->  2
    [25_924_500, 10_000, 2592], // 123.45 € × 21 % = 25.9245 € -> 25.92 €
  ])('roundHalfUp(%i, %i) = %i', (n, d, expected) => {
    expect(Object.is(roundHalfUp(n, d), expected)).toBe(true);
  });

  it('throws on non-integers, unsafe integers and a zero denominator', () => {
    expect(() => roundHalfUp(1.5, 1)).toThrow(MoneyArithmeticError);
    expect(() => roundHalfUp(1, 0.5)).toThrow(MoneyArithmeticError);
    expect(() => roundHalfUp(2 ** 53, 1)).toThrow(MoneyArithmeticError);
    expect(() => roundHalfUp(Number.NaN, 1)).toThrow(MoneyArithmeticError);
    expect(() => roundHalfUp(1, 0)).toThrow(MoneyArithmeticError);
  });

  it('is the nearest integer, halves away from zero, and symmetric for negatives', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (n, d) => {
          const r = roundHalfUp(n, d);
          // |r·d − n| ≤ d/2, written without division
          expect(2 * Math.abs(r * d - n)).toBeLessThanOrEqual(d);
          // an exact half goes away from zero
          if (2 * Math.abs(r * d - n) === d) expect(Math.abs(r * d)).toBeGreaterThan(Math.abs(n));
          expect(roundHalfUp(-n, d)).toBe(-r || 0);
        },
      ),
    );
  });
});

describe('applyBp', () => {
  it('takes a rate in basis points with one rounding', () => {
    expect(applyBp(100_000, 2100)).toBe(21_000); // 1,000.00 € × 21 % = 210.00 €
    expect(applyBp(50, 2100)).toBe(11); //           0.50 € × 21 % = 0.105 € -> 0.11 €
    expect(applyBp(-50, 2100)).toBe(-11); //        -0.105 € -> -0.11 €
    expect(applyBp(796, 400)).toBe(32); //           7.96 € × 4 % = 0.3184 € -> 0.32 €
    expect(applyBp(12_345, 0)).toBe(0);
  });

  it('is exact where cents × bp exceeds 2^53', () => {
    // 4,503,599,627,370,496 × 10,000 ≈ 4.5e19 is far beyond 2^53; the result is not.
    expect(applyBp(4_503_599_627_370_496, 10_000)).toBe(4_503_599_627_370_496);
    expect(applyBp(4_503_599_627_370_497, 5_000)).toBe(2_251_799_813_685_249); // ...248.5 -> ...249
  });
});

describe('sumCents', () => {
  it('adds integers and refuses floats and overflow', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([1, 2, -3, 100])).toBe(100);
    expect(() => sumCents([1, 0.5])).toThrow(MoneyArithmeticError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(MoneyArithmeticError);
  });
});

describe('formatEuros', () => {
  it('groups every thousand, four-digit amounts included', () => {
    expect(formatEuros(139_600)).toBe('1.396,00 €');
    expect(formatEuros(142_000)).toBe('1.420,00 €');
    expect(formatEuros(99_999)).toBe('999,99 €');
    expect(formatEuros(5)).toBe('0,05 €');
    expect(formatEuros(-100_000)).toBe('-1.000,00 €');
    expect(formatEuros(123_456_789)).toBe('1.234.567,89 €');
  });

  it('takes the space before the sign (a no-break space on screen)', () => {
    expect(formatEuros(139_600, { space: '\u00a0' })).toBe('1.396,00\u00a0€');
  });

  it('refuses an amount that is not integer céntimos', () => {
    expect(() => formatEuros(10.5)).toThrow(RangeError);
  });

  it('agrees with the digits for any safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatEuros(cents);
        const back = Number(text.replace(' €', '').replace(/\./g, '').replace(',', ''));
        expect(back).toBe(cents);
        expect(text).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} €$/);
      }),
    );
  });
});

describe('formatEsDecimal / formatEsInteger', () => {
  it('writes scaled integers with optional trimming and grouping', () => {
    expect(formatEsDecimal(2100, 2, { trimZeros: true })).toBe('21');
    expect(formatEsDecimal(1050, 2, { trimZeros: true })).toBe('10,5');
    expect(formatEsDecimal(1_234_567, 3, { grouping: false })).toBe('1234,567');
    expect(formatEsInteger(1396)).toBe('1.396');
    expect(formatEsInteger(500)).toBe('500');
  });
});
