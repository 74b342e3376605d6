import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatMoneyInput,
  formatPercentInput,
  parseDecimal,
  parseMoneyInput,
  parsePercentInput,
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
