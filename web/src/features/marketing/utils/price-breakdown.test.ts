import { describe, expect, it } from 'vitest';
import { formatRate, priceBreakdown, roundHalfUp } from './price-breakdown';

describe('priceBreakdown', () => {
  it('adds 21 % IVA to the base in integer céntimos', () => {
    expect(priceBreakdown(1_500)).toEqual({
      baseCents: 1_500,
      vatRateBp: 2_100,
      vatCents: 315,
      totalCents: 1_815,
    });
    expect(priceBreakdown(19_900)).toEqual({
      baseCents: 19_900,
      vatRateBp: 2_100,
      vatCents: 4_179,
      totalCents: 24_079,
    });
  });

  it('rounds half a céntimo up', () => {
    // 0,50 € * 21 % = 10,5 céntimos
    expect(priceBreakdown(50).vatCents).toBe(11);
    expect(roundHalfUp(104, 10)).toBe(10);
    expect(roundHalfUp(105, 10)).toBe(11);
  });

  it('refuses amounts that are not integer céntimos', () => {
    expect(() => priceBreakdown(15.5)).toThrow(RangeError);
    expect(() => priceBreakdown(-1)).toThrow(RangeError);
  });

  it('writes the rate the Spanish way', () => {
    expect(formatRate(2_100)).toBe('21 %');
    expect(formatRate(1_050)).toBe('10,5 %');
  });
});
