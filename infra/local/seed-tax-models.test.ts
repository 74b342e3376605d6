import { defaultTaxProfileFacts, type TaxProfile, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { companiesWithClient, lastClosedPeriod, the303Of } from './seed-tax-models';

const profile = (facts: Partial<TaxProfileFacts>, effectiveFrom = '2026-01-01'): TaxProfile => {
  const all = { ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }), ...facts };
  return {
    companyId: 'c1',
    companyType: 'SL',
    taxYear: Number(effectiveFrom.slice(0, 4)),
    facts: all,
    versions: [{ effectiveFrom, facts: all, changedAt: '2026-01-01T00:00:00.000Z', changedBy: 'u' }],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
};

describe('the demo 303 period', () => {
  it('is the quarter or month that ended before today, across the turn of the year', () => {
    expect(lastClosedPeriod('2026-11-27', 'QUARTERLY')).toEqual({
      year: 2026,
      period: '3T',
      start: '2026-07-01',
    });
    expect(lastClosedPeriod('2026-10-01', 'QUARTERLY')).toEqual({
      year: 2026,
      period: '3T',
      start: '2026-07-01',
    });
    expect(lastClosedPeriod('2026-09-30', 'QUARTERLY')).toEqual({
      year: 2026,
      period: '2T',
      start: '2026-04-01',
    });
    expect(lastClosedPeriod('2027-02-10', 'QUARTERLY')).toEqual({
      year: 2026,
      period: '4T',
      start: '2026-10-01',
    });
    expect(lastClosedPeriod('2026-11-27', 'MONTHLY')).toEqual({
      year: 2026,
      period: '10',
      start: '2026-10-01',
    });
    expect(lastClosedPeriod('2027-01-05', 'MONTHLY')).toEqual({
      year: 2026,
      period: '12',
      start: '2026-12-01',
    });
  });

  it("follows the profile's periodicity: quarterly, or monthly for a large company (art. 71.3 RIVA)", () => {
    expect(the303Of(profile({}), '2026-11-27')).toEqual({ year: 2026, period: '3T' });
    expect(the303Of(profile({ largeCompany: true, siiEnabled: true }), '2026-11-27')).toEqual({
      year: 2026,
      period: '10',
    });
    expect(the303Of(profile({ redeme: true }), '2026-05-02')).toEqual({ year: 2026, period: '04' });
  });

  it("publishes only where the demo has a client user who may see the company's tax documents", () => {
    expect([...companiesWithClient]).toEqual(['demo-panaderia-espiga']);
  });
});
