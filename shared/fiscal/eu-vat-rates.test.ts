import { describe, expect, it } from 'vitest';
import { isEuCountry } from '../schemas/countries';
import {
  EU_VAT_RATES,
  euRateKind,
  euVatRatesOn,
  isOssMemberState,
  isOssRate,
  OSS_MEMBER_STATES,
  ossRatesOf,
  ratesOf,
} from './eu-vat-rates';

describe('EU VAT rates (OSS)', () => {
  it('covers the 26 member states other than Spain, and only them', () => {
    expect(OSS_MEMBER_STATES).toHaveLength(26);
    expect(isOssMemberState('ES')).toBe(false);
    expect(isOssMemberState('GB')).toBe(false);
    for (const c of OSS_MEMBER_STATES) expect(isEuCountry(c)).toBe(true);
  });

  it('keeps every period well formed: dated from 2025 in order, a standard rate of at least 15 %', () => {
    for (const c of OSS_MEMBER_STATES) {
      const periods = EU_VAT_RATES[c];
      expect(periods[0]?.from).toBe('2025-01-01');
      for (const [i, period] of periods.entries()) {
        if (i > 0) expect(period.from > periods[i - 1]!.from).toBe(true);
        // Art. 97 Directive 2006/112/EC: the standard rate is at least 15 %; reduced at least 5 %.
        expect(period.standardBp).toBeGreaterThanOrEqual(1500);
        for (const r of period.reducedBp) {
          expect(r).toBeGreaterThanOrEqual(500);
          expect(r).toBeLessThan(period.standardBp);
        }
        for (const r of period.superReducedBp) expect(r).toBeLessThan(500);
        expect(new Set(ratesOf(period)).size).toBe(ratesOf(period).length);
        expect(period.source).not.toBe('');
      }
    }
  });

  it.each([
    ['FR', '2025-06-15', [2000, 1000, 550, 210]],
    ['DE', '2026-02-01', [1900, 700]],
    ['DK', '2025-03-01', [2500]],
    ['IE', '2025-03-01', [2300, 1350, 900, 480]],
    ['LU', '2026-01-01', [1700, 1400, 800, 300]],
    ['PT', '2025-03-01', [2300, 1300, 600]],
  ])('%s on %s: %j', (country, date, rates) => {
    expect(ossRatesOf(country, date)).toEqual(rates);
  });

  it('follows the dated changes: Estonia 24 %, Romania 21/11 %, Finland 13,5 %, Lithuania 12 %', () => {
    expect(euVatRatesOn('EE', '2025-06-30')?.standardBp).toBe(2200);
    expect(euVatRatesOn('EE', '2025-07-01')?.standardBp).toBe(2400);
    expect(ossRatesOf('RO', '2025-07-31')).toEqual([1900, 900, 500]);
    expect(ossRatesOf('RO', '2025-08-01')).toEqual([2100, 1100]);
    expect(isOssRate('FI', 1400, '2025-12-31')).toBe(true);
    expect(isOssRate('FI', 1400, '2026-01-01')).toBe(false);
    expect(isOssRate('FI', 1350, '2026-01-01')).toBe(true);
    expect(isOssRate('LT', 900, '2026-01-01')).toBe(false);
    expect(isOssRate('LT', 1200, '2026-01-01')).toBe(true);
  });

  it('refuses a date before the table, a Spanish rate abroad and a country outside the OSS', () => {
    expect(euVatRatesOn('FR', '2024-12-31')).toBeUndefined();
    expect(ossRatesOf('FR', '2024-12-31')).toEqual([]);
    expect(isOssRate('FR', 2100, '2026-01-01')).toBe(false);
    expect(ossRatesOf('ES', '2026-01-01')).toEqual([]);
    expect(ossRatesOf('US')).toEqual([]);
  });

  it('without a date lists every rate the state has had, highest first', () => {
    expect(ossRatesOf('RO')).toEqual([2100, 1900, 1100, 900, 500]);
    expect(isOssRate('EE', 2400)).toBe(true);
  });

  it('qualifies a rate as the 369 does (standard, reduced, super-reduced)', () => {
    expect(euRateKind('FR', 2000, '2026-01-15')).toBe('STANDARD');
    expect(euRateKind('FR', 550, '2026-01-15')).toBe('REDUCED');
    expect(euRateKind('FR', 210, '2026-01-15')).toBe('SUPER_REDUCED');
    expect(euRateKind('FR', 2100, '2026-01-15')).toBeUndefined();
  });
});
