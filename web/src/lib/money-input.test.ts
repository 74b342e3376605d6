import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bpToInput,
  centsToInput,
  formatBp,
  formatDecimal,
  formatMoneyInput,
  formatPercentInput,
  milliToInput,
  parseDecimal,
  parseEurosToCents,
  parseMoneyInput,
  parsePercentInput,
  parsePercentToBp,
  parseQuantity,
} from './money-input';

describe('parseMoneyInput', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12,3', 1230],
    ['12,34', 1234],
    ['1.234,56', 123456],
    ['1.234.567,89', 123456789],
    ['1234,56', 123456],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1.234', 123400],
    [' 1.234,56 € ', 123456],
    ['-12,30', -1230],
    [',5', 50],
    ['0,01', 1],
    ['007,00', 700],
  ])('reads %j as %i céntimos', (text, cents) => {
    expect(parseMoneyInput(text)).toBe(cents);
  });

  it.each(['', ' ', 'abc', '12,345', '1,2,3', '12.34.5', '1.23,45', '12,3a', '-', '1e3', '12..3', '--1'])(
    'refuses %j',
    (text) => {
      expect(parseMoneyInput(text)).toBeNull();
    },
  );

  it('never goes through a float: 0,1 + 0,2 are exactly 30 céntimos', () => {
    expect((parseMoneyInput('0,1') ?? 0) + (parseMoneyInput('0,2') ?? 0)).toBe(30);
  });

  it('round-trips every amount through its es-ES text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        expect(parseMoneyInput(formatMoneyInput(cents))).toBe(cents);
      }),
    );
  });

  it('round-trips text typed without thousands separators', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99_999_999 }), fc.nat({ max: 99 }), (euros, cents) => {
        const text = `${euros},${String(cents).padStart(2, '0')}`;
        expect(parseMoneyInput(text)).toBe(euros * 100 + cents);
      }),
    );
  });
});

describe('percentages and other scales', () => {
  it('reads percentages as basis points', () => {
    expect(parsePercentInput('21')).toBe(2100);
    expect(parsePercentInput('10,5')).toBe(1050);
    expect(parsePercentInput('5,2 %')).toBe(520);
    expect(parsePercentInput('0,125')).toBeNull();
  });

  it('formats basis points without trailing zeros', () => {
    expect(formatPercentInput(2100)).toBe('21');
    expect(formatPercentInput(1050)).toBe('10,5');
    expect(formatPercentInput(175)).toBe('1,75');
    expect(formatPercentInput(0)).toBe('0');
  });

  it('round-trips any scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        (n, scale) => {
          expect(parseDecimal(formatDecimal(n, scale), scale)).toBe(n);
          expect(parseDecimal(formatDecimal(n, scale, { grouping: false }), scale)).toBe(n);
        },
      ),
    );
  });

  it('formats with es-ES grouping', () => {
    expect(formatMoneyInput(123456789)).toBe('1.234.567,89');
    expect(formatMoneyInput(-5)).toBe('-0,05');
    expect(formatDecimal(1500, 3)).toBe('1,500');
  });
});

// The invoice forms' helpers (one es-ES parser for the whole web, issue #11 item 6).
const MAX = 1_000_000_000_000;

describe('parseEurosToCents', () => {
  it.each([
    ['0,1', 10],
    ['0,10', 10],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1.234', 123400],
    ['1.234.567,8', 123456780],
    [' 100 € ', 10000],
    ['0', 0],
    [',5', 50],
    ['1000000,01', 100000001],
    ['0,29', 29],
    ['4,35', 435],
  ])('%s → %i céntimos', (text, cents) => {
    expect(parseEurosToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,005', '1,2,3', '12.34.5', '1.23,4', '1..2', '--1', '1e3', '0x10', ','])(
    'refuses %j',
    (text) => {
      expect(parseEurosToCents(text)).toBeNull();
    },
  );

  it('refuses negatives unless allowed (rectificativas by differences)', () => {
    expect(parseEurosToCents('-12,30')).toBeNull();
    expect(parseEurosToCents('-12,30', { allowNegative: true })).toBe(-1230);
  });

  it('round-trips every amount through its es-ES text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), (cents) => {
        expect(parseEurosToCents(centsToInput(cents))).toBe(cents);
        expect(parseEurosToCents(formatDecimal(cents, 2, { grouping: false }))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact digit arithmetic: whole,fraction is whole × 100 + fraction, never a float product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        fc.stringMatching(/^\d{1,2}$/),
        (whole, fraction) => {
          const expected = whole * 100n + BigInt(fraction.padEnd(2, '0'));
          expect(parseEurosToCents(`${whole},${fraction}`)).toBe(Number(expected));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the céntimo a float conversion gets wrong', () => {
    // 1.005 × 100 = 100.49999999999999 and 4.35 × 100 = 434.99999999999994 in binary floating point.
    expect(parseEurosToCents('1,01')).toBe(101);
    expect(parseEurosToCents('4,35')).toBe(435);
    expect(parseEurosToCents('1.000.000,07')).toBe(100_000_007);
    expect(Math.floor(4.35 * 100)).toBe(434);
  });
});

describe('percentages and quantities', () => {
  it('parses percentages into basis points within 0–100 %', () => {
    expect(parsePercentToBp('21')).toBe(2100);
    expect(parsePercentToBp('7,5')).toBe(750);
    expect(parsePercentToBp('0,25')).toBe(25);
    expect(parsePercentToBp('100')).toBe(10_000);
    expect(parsePercentToBp('100,01')).toBeNull();
    expect(parsePercentToBp('1,234')).toBeNull();
  });

  it('parses quantities with up to 3 decimals into thousandths and the API text', () => {
    expect(parseQuantity('1,5')).toEqual({ milli: 1500, api: '1.5' });
    expect(parseQuantity('2')).toEqual({ milli: 2000, api: '2' });
    expect(parseQuantity('0,001')).toEqual({ milli: 1, api: '0.001' });
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1,0001')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('-1', { allowNegative: true })).toEqual({ milli: -1000, api: '-1' });
  });

  it('round-trips basis points and thousandths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(parsePercentToBp(bpToInput(bp))).toBe(bp);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (milli) => {
        expect(parseQuantity(milliToInput(milli))?.milli).toBe(milli);
      }),
    );
  });
});

describe('formatBp', () => {
  it('writes basis points as a rate', () => {
    expect(formatBp(2100)).toBe('21 %');
    expect(formatBp(520)).toBe('5,2 %');
    expect(milliToInput(1500)).toBe('1,5');
    expect(centsToInput(123456)).toBe('1.234,56');
  });
});
