import { describe, expect, it } from 'vitest';
import {
  deadlineRuleOn,
  longSpanishDate,
  mandatoryNotice,
  mandatoryRefusal,
  verifactuObligationOf,
} from './verifactu-obligation';

const sl = { companyType: 'SL' as const, siiEnabled: false };
const autonomo = { companyType: 'AUTONOMO' as const, siiEnabled: false };

describe('verifactuObligationOf: the dates in force (RD-ley 15/2025)', () => {
  it('Impuesto sobre Sociedades taxpayers: mandatory from 1 January 2027', () => {
    const before = verifactuObligationOf(sl, new Date('2026-12-31T22:59:59Z')); // 23:59:59 in Madrid
    expect(before).toMatchObject({
      applies: true,
      mandatoryFrom: '2027-01-01',
      mandatory: false,
      taxpayerKind: 'CORPORATE_TAX',
    });
    expect(before.source).toMatch(/Real Decreto-ley 15\/2025/);
    // Midnight in Madrid is 23:00 UTC on 31 December.
    expect(verifactuObligationOf(sl, new Date('2026-12-31T23:00:00Z')).mandatory).toBe(true);
  });

  it('autónomos and comunidades de bienes: from 1 July 2027', () => {
    expect(verifactuObligationOf(autonomo, new Date('2027-06-30T12:00:00Z'))).toMatchObject({
      mandatoryFrom: '2027-07-01',
      mandatory: false,
      taxpayerKind: 'OTHER',
    });
    expect(verifactuObligationOf(autonomo, new Date('2027-07-01T12:00:00Z')).mandatory).toBe(true);
    expect(
      verifactuObligationOf({ companyType: 'CB', siiEnabled: false }, new Date('2027-01-15')).mandatory,
    ).toBe(false);
  });

  it('an SC takes the earlier date (it may pay the Impuesto sobre Sociedades)', () => {
    expect(
      verifactuObligationOf({ companyType: 'SC', siiEnabled: false }, new Date('2027-01-15')).mandatory,
    ).toBe(true);
  });

  it('a company in the SII is outside RD 1007/2023: no date applies', () => {
    expect(verifactuObligationOf({ ...sl, siiEnabled: true }, new Date('2028-01-01'))).toMatchObject({
      applies: false,
      mandatoryFrom: null,
      mandatory: false,
    });
  });
});

describe('deadlineRuleOn: the version of the dates in force on a day', () => {
  it('before RD-ley 15/2025, RD 254/2025 set 1 January / 1 July 2026', () => {
    expect(deadlineRuleOn('2025-06-01').mandatoryFrom).toEqual({
      CORPORATE_TAX: '2026-01-01',
      OTHER: '2026-07-01',
    });
    expect(deadlineRuleOn('2026-11-26').mandatoryFrom).toEqual({
      CORPORATE_TAX: '2027-01-01',
      OTHER: '2027-07-01',
    });
  });
});

describe('the messages', () => {
  it('name the date in words', () => {
    expect(longSpanishDate('2027-07-01')).toBe('1 de julio de 2027');
    expect(mandatoryNotice('2027-01-01')).toMatch(
      /^VeriFacTu será obligatorio para esta empresa desde el 1 de enero de 2027/,
    );
    expect(mandatoryRefusal('2027-01-01')).toMatch(/^Desde el 1 de enero de 2027 VeriFacTu es obligatorio/);
  });
});
