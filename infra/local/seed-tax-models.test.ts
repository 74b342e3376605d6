import { defaultTaxProfileFacts, type TaxProfile, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { demoCompanies } from './demo-data';
import { demoTaxProfiles } from './seed-tax';
import {
  companiesWithClient,
  DEMO_RETURNS,
  lastClosedPeriod,
  lastDueReturn,
  payrollOf,
} from './seed-tax-models';

const profile = (
  facts: Partial<TaxProfileFacts>,
  effectiveFrom = '2026-01-01',
  companyType: TaxProfile['companyType'] = 'SL',
): TaxProfile => {
  const all = { ...defaultTaxProfileFacts({ companyType, siiEnabled: false }), ...facts };
  return {
    companyId: 'c1',
    companyType,
    taxYear: Number(effectiveFrom.slice(0, 4)),
    facts: all,
    versions: [{ effectiveFrom, facts: all, changedAt: '2026-01-01T00:00:00.000Z', changedBy: 'u' }],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
};

describe('the period of the demo returns', () => {
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
    expect(lastDueReturn(profile({}), '303', '2026-11-27')).toEqual({ year: 2026, period: '3T' });
    expect(lastDueReturn(profile({ largeCompany: true, siiEnabled: true }), '303', '2026-11-27')).toEqual({
      year: 2026,
      period: '10',
    });
    expect(lastDueReturn(profile({ redeme: true }), '303', '2026-05-02')).toEqual({
      year: 2026,
      period: '04',
    });
  });

  it("publishes only where the demo has a client user who may see the company's tax documents", () => {
    expect([...companiesWithClient]).toEqual(['demo-panaderia-espiga']);
  });

  it('generates a withholding return only where the profile owes it, monthly for a large company (art. 108.1 RIRPF)', () => {
    expect(lastDueReturn(profile({ hasEmployees: true }), '111', '2026-11-27')).toEqual({
      year: 2026,
      period: '3T',
    });
    expect(
      lastDueReturn(
        profile({ hasEmployees: true, largeCompany: true, siiEnabled: true }),
        '111',
        '2026-11-27',
      ),
    ).toEqual({ year: 2026, period: '10' });
    expect(lastDueReturn(profile({ hasEmployees: true }), '115', '2026-11-27')).toBeUndefined();
    expect(lastDueReturn(profile({ rentsPremises: true }), '115', '2027-01-10')).toEqual({
      year: 2026,
      period: '4T',
    });
    expect(lastDueReturn(profile({}), '123', '2026-11-27')).toBeUndefined();
    // The 130 is the autónomo's instalment: never a company's.
    expect(lastDueReturn(profile({}), '130', '2026-11-27')).toBeUndefined();
    const autonomo = profile(
      { irpfMethod: 'DIRECTA_SIMPLIFICADA', withholdingExemption130: false },
      '2026-01-01',
      'AUTONOMO',
    );
    expect(lastDueReturn(autonomo, '130', '2026-11-27')).toEqual({ year: 2026, period: '3T' });
  });

  it('gives every area of the income-tax models a demo return', () => {
    const owed = Object.fromEntries(
      demoTaxProfiles.map((d) => {
        const { companyType } = demoCompanies.find((c) => c.companyId === d.companyId)!;
        const p = profile(d.facts, '2026-01-01', companyType);
        return [d.companyId, DEMO_RETURNS.filter((m) => lastDueReturn(p, m, '2026-11-27'))];
      }),
    );
    expect(owed).toEqual({
      'demo-marta-sanchez': ['303', '130'],
      'demo-romero-fontaneria': ['303', '130', '111', '115'],
      'demo-panaderia-espiga': ['303', '111', '115'],
      'demo-transportes-levante': ['303', '111'],
      'demo-navarro-asesores': ['303', '111', '123'],
    });
  });

  it("enters a quarter's or a month's payroll in the 111 of the companies with employees", () => {
    expect(payrollOf('demo-panaderia-espiga', '3T')).toEqual({
      recipients: 4,
      baseCents: 3 * 728_000,
      withholdingCents: 3 * 65_520,
    });
    expect(payrollOf('demo-transportes-levante', '10')).toEqual({
      recipients: 18,
      baseCents: 4_635_000,
      withholdingCents: 648_900,
    });
    // Employees only where the profile says so; the autónomos have none.
    for (const d of demoTaxProfiles) {
      expect(payrollOf(d.companyId, '3T') !== undefined, d.companyId).toBe(d.facts.hasEmployees);
    }
  });
});
