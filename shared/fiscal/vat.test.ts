import { describe, expect, it } from 'vitest';
import {
  allowedRecargoBps,
  findVatRate,
  isVatRateInForce,
  OPERATION_KINDS,
  OPERATIONS,
  VAT_RATE_BPS,
} from './vat';

describe('VAT rates', () => {
  it('knows the current and historical rates', () => {
    expect([...VAT_RATE_BPS].sort((a, b) => a - b)).toEqual([0, 200, 400, 500, 750, 1000, 2100]);
    expect(VAT_RATE_BPS.filter((bp) => findVatRate(bp)!.current).sort((a, b) => a - b)).toEqual([
      0, 400, 1000, 2100,
    ]);
  });

  it.each([
    [2100, [520, 175]],
    [1000, [140]],
    [400, [50]],
    [500, [62]],
    [200, [26]],
    [750, [100]],
    [0, [0]],
    [1600, []],
  ])('links VAT %i bp to recargo %j', (vat, recargo) => {
    expect(allowedRecargoBps(vat)).toEqual(recargo);
  });

  it('knows when the temporary rates applied', () => {
    expect(isVatRateInForce(2100, '2026-01-01')).toBe(true);
    expect(isVatRateInForce(200, '2024-10-01')).toBe(true);
    expect(isVatRateInForce(200, '2023-06-01')).toBe(false); // basic food was at 0 % then, not 2 %
    expect(isVatRateInForce(750, '2025-01-01')).toBe(false);
    expect(isVatRateInForce(500, '2024-09-30')).toBe(true);
    expect(isVatRateInForce(500, '2024-10-01')).toBe(false);
    expect(isVatRateInForce(1600, '2024-10-01')).toBe(false);
  });
});

describe('operation kinds', () => {
  it('cites the article of Ley 37/1992 for each exemption cause', () => {
    expect(OPERATION_KINDS.filter((k) => k.startsWith('E')).map((k) => OPERATIONS[k].article)).toEqual([
      'art. 20 Ley 37/1992',
      'art. 21 Ley 37/1992',
      'art. 22 Ley 37/1992',
      'arts. 23 y 24 Ley 37/1992',
      'art. 25 Ley 37/1992',
      'otros',
    ]);
  });

  it('requires a legal mention for every kind except S1', () => {
    for (const k of OPERATION_KINDS) expect(OPERATIONS[k].legalMention === null).toBe(k === 'S1');
  });
});
