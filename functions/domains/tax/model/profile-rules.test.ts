import { isAppError } from '@shared/api/errors';
import type { AssistantAnswers } from '@shared/schemas/tax';
import { defaultTaxProfileFacts, type TaxProfile, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import {
  applyConfigurationUpdate,
  assertValidFacts,
  censusFactsChanged,
  earliestEffectiveFrom,
  newProfile,
  proposal,
  proposeFacts,
  resolveEffectiveFrom,
  resolveTaxYear,
  sameFacts,
  toConfiguration,
  validateFacts,
  versionBefore,
  withNewVersion,
  yearsToPlan,
} from './profile-rules';

const AT = '2026-03-10T09:00:00.000Z';
const autonomoFacts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  ...over,
});
const slFacts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});
const profile = (facts = slFacts(), taxYear = 2026): TaxProfile =>
  newProfile({ companyId: 'co-1', companyType: 'SL', taxYear, facts, at: AT, by: 'u1' });

/** The AppError a function throws (fails the test when it throws nothing or something else). */
function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
  throw new Error('expected an AppError');
}

const errorsOf = (companyType: Parameters<typeof validateFacts>[0], facts: TaxProfileFacts) =>
  validateFacts(companyType, facts)
    .filter((i) => i.severity === 'error')
    .map((i) => i.field);
const warningsOf = (companyType: Parameters<typeof validateFacts>[0], facts: TaxProfileFacts) =>
  validateFacts(companyType, facts)
    .filter((i) => i.severity === 'warning')
    .map((i) => i.field);

describe('versions', () => {
  it('starts the first version on 1 January of the tax year', () => {
    const p = profile(slFacts(), 2025);
    expect(p.versions).toEqual([
      { effectiveFrom: '2025-01-01', facts: p.facts, changedAt: AT, changedBy: 'u1' },
    ]);
    expect(p).toMatchObject({ taxYear: 2025, createdAt: AT, updatedAt: AT });
  });

  it('takes the current year by default and refuses years outside four back and one ahead', () => {
    expect(resolveTaxYear(undefined, '2026-03-10')).toBe(2026);
    expect(resolveTaxYear(2022, '2026-03-10')).toBe(2022);
    expect(resolveTaxYear(2027, '2026-03-10')).toBe(2027);
    expect(thrown(() => resolveTaxYear(2021, '2026-03-10'))).toMatchObject({
      code: 'CORE_004',
      field: 'taxYear',
    });
    expect(thrown(() => resolveTaxYear(2028, '2026-03-10'))).toMatchObject({
      code: 'CORE_004',
      field: 'taxYear',
    });
  });

  it('applies a change from the first of next month by default (January after December)', () => {
    expect(resolveEffectiveFrom(profile(), '2026-03-10')).toBe('2026-04-01');
    expect(resolveEffectiveFrom(profile(), '2026-03-01')).toBe('2026-04-01');
    expect(resolveEffectiveFrom(profile(), '2026-12-31')).toBe('2027-01-01');
  });

  it('accepts a later first of month and refuses other days, started months and dates over a year ahead', () => {
    expect(resolveEffectiveFrom(profile(), '2026-03-10', '2026-07-01')).toBe('2026-07-01');
    expect(resolveEffectiveFrom(profile(), '2026-03-10', '2027-03-01')).toBe('2027-03-01');
    const notFirst = thrown(() => resolveEffectiveFrom(profile(), '2026-03-10', '2026-07-15'));
    expect(notFirst).toEqual({
      code: 'CORE_004',
      field: 'effectiveFrom',
      message: 'La fecha de efecto del cambio debe ser el día 1 de un mes.',
    });
    const started = thrown(() => resolveEffectiveFrom(profile(), '2026-03-10', '2026-03-01'));
    expect(started).toMatchObject({ code: 'CORE_004', field: 'effectiveFrom' });
    expect(started.message).toContain('1 de abril de 2026');
    expect(thrown(() => resolveEffectiveFrom(profile(), '2026-03-10', '2027-04-01'))).toMatchObject({
      field: 'effectiveFrom',
    });
  });

  it('never places a change before one already scheduled, and defaults to its date', () => {
    const scheduled = withNewVersion(profile(), {
      facts: slFacts({ hasEmployees: true }),
      effectiveFrom: '2026-09-01',
      at: AT,
      by: 'u1',
    });
    expect(earliestEffectiveFrom(scheduled, '2026-03-10')).toBe('2026-09-01');
    expect(resolveEffectiveFrom(scheduled, '2026-03-10')).toBe('2026-09-01');
    expect(thrown(() => resolveEffectiveFrom(scheduled, '2026-03-10', '2026-05-01'))).toMatchObject({
      code: 'CORE_004',
      field: 'effectiveFrom',
    });
  });

  it('adds a version, and a second change with the same date replaces that pending version', () => {
    const first = withNewVersion(profile(), {
      facts: slFacts({ hasEmployees: true }),
      effectiveFrom: '2026-04-01',
      at: AT,
      by: 'u1',
    });
    expect(first.versions.map((v) => v.effectiveFrom)).toEqual(['2026-01-01', '2026-04-01']);
    expect(first.facts.hasEmployees).toBe(true);

    const second = withNewVersion(first, {
      facts: slFacts({ hasEmployees: true, rentsPremises: true }),
      effectiveFrom: '2026-04-01',
      at: '2026-03-11T09:00:00.000Z',
      by: 'u2',
    });
    expect(second.versions.map((v) => v.effectiveFrom)).toEqual(['2026-01-01', '2026-04-01']);
    expect(second.versions[1]).toMatchObject({ changedBy: 'u2', facts: { rentsPremises: true } });
    expect(second.facts.rentsPremises).toBe(true);
    expect(second.updatedAt).toBe('2026-03-11T09:00:00.000Z');
  });

  it('cancels a pending change when the replacement gives back the facts in force before it', () => {
    const scheduled = withNewVersion(profile(), {
      facts: slFacts({ hasEmployees: true }),
      effectiveFrom: '2026-04-01',
      at: AT,
      by: 'u1',
    });
    const cancelled = withNewVersion(scheduled, {
      facts: slFacts(),
      effectiveFrom: '2026-04-01',
      at: AT,
      by: 'u1',
    });
    expect(cancelled.versions.map((v) => v.effectiveFrom)).toEqual(['2026-01-01']);
    expect(cancelled.facts.hasEmployees).toBe(false);
    expect(versionBefore(scheduled, '2026-04-01')?.effectiveFrom).toBe('2026-01-01');
    expect(versionBefore(scheduled, '2026-01-01')).toBeUndefined();
  });

  it('compares facts by content, not by key order or absent direct debits', () => {
    const a = slFacts({ domiciliation: { '303': true } });
    const b = { ...slFacts(), domiciliation: { '111': false, '303': true } } as TaxProfileFacts;
    expect(sameFacts(a, b)).toBe(true);
    expect(sameFacts(a, slFacts())).toBe(false);
  });

  it('counts as a census change anything but the direct debit, the prorrata and the IRPF rate', () => {
    const base = autonomoFacts();
    expect(censusFactsChanged(base, { ...base, domiciliation: { '130': true } })).toBe(false);
    expect(censusFactsChanged(base, { ...base, prorrataBp: 8000, irpfRateBp: 700 })).toBe(false);
    expect(censusFactsChanged(base, { ...base, hasEmployees: true })).toBe(true);
    expect(censusFactsChanged(base, { ...base, cashAccounting: true })).toBe(true);
  });

  it('plans the years from the first tax year to the current one, and the next one from December', () => {
    expect(yearsToPlan({ taxYear: 2025 }, '2026-11-30')).toEqual([2025, 2026]);
    expect(yearsToPlan({ taxYear: 2026 }, '2026-12-01')).toEqual([2026, 2027]);
    expect(yearsToPlan({ taxYear: 2027 }, '2026-06-01')).toEqual([]);
  });
});

describe('validateFacts', () => {
  it('accepts the usual profiles without issues', () => {
    expect(validateFacts('AUTONOMO', autonomoFacts({ domiciliation: { '303': true, '130': true } }))).toEqual(
      [],
    );
    expect(validateFacts('SL', slFacts({ hasEmployees: true, rentsPremises: true }))).toEqual([]);
    expect(
      validateFacts(
        'SA',
        slFacts({ largeCompany: true, siiEnabled: true, intraEuOperations: true, intraEuMonthly: true }),
      ),
    ).toEqual([]);
  });

  it('requires the IRPF method of an autónomo and refuses one for companies and entities', () => {
    expect(errorsOf('AUTONOMO', autonomoFacts({ irpfMethod: null }))).toEqual(['irpfMethod']);
    for (const type of ['SL', 'SA', 'CB', 'SC'] as const) {
      expect(errorsOf(type, slFacts({ irpfMethod: 'DIRECTA_NORMAL' }))).toContain('irpfMethod');
    }
  });

  it('allows the 130 exemption only in direct estimation (art. 109.1 RIRPF)', () => {
    expect(errorsOf('AUTONOMO', autonomoFacts({ withholdingExemption130: true }))).toEqual([]);
    expect(
      errorsOf('AUTONOMO', autonomoFacts({ irpfMethod: 'MODULOS', withholdingExemption130: true })),
    ).toEqual(['withholdingExemption130']);
  });

  it('requires intra-EU operations for a monthly 349', () => {
    expect(errorsOf('SL', slFacts({ intraEuMonthly: true }))).toEqual(['intraEuMonthly']);
  });

  it('requires the SII of every monthly filer: large company, REDEME or VAT group (art. 62.6 RIVA)', () => {
    expect(errorsOf('SA', slFacts({ largeCompany: true }))).toEqual(['siiEnabled']);
    expect(errorsOf('SL', slFacts({ redeme: true }))).toEqual(['siiEnabled']);
    expect(errorsOf('SL', slFacts({ vatGroup: true }))).toEqual(['siiEnabled']);
    expect(errorsOf('SL', slFacts({ redeme: true, siiEnabled: true }))).toEqual([]);
  });

  it('keeps the special VAT regimes to those the law opens them to', () => {
    expect(errorsOf('SL', slFacts({ vatRegime: 'RECARGO_EQUIVALENCIA' }))).toEqual(['vatRegime']);
    expect(errorsOf('AUTONOMO', autonomoFacts({ vatRegime: 'RECARGO_EQUIVALENCIA' }))).toEqual([]);
    expect(errorsOf('SA', slFacts({ vatRegime: 'REAGP' }))).toEqual(['vatRegime']);
    expect(errorsOf('SL', slFacts({ vatRegime: 'SIMPLIFICADO' }))).toEqual(['vatRegime']);
    expect(errorsOf('AUTONOMO', autonomoFacts({ vatRegime: 'SIMPLIFICADO' }))).toEqual(['vatRegime']);
    expect(errorsOf('AUTONOMO', autonomoFacts({ vatRegime: 'SIMPLIFICADO', irpfMethod: 'MODULOS' }))).toEqual(
      [],
    );
  });

  it('refuses a non-calendar tax year outside the Impuesto sobre Sociedades and days that do not exist', () => {
    expect(errorsOf('AUTONOMO', autonomoFacts({ fiscalYearEnd: '06-30' }))).toEqual(['fiscalYearEnd']);
    expect(errorsOf('SL', slFacts({ fiscalYearEnd: '06-30' }))).toEqual([]);
    expect(errorsOf('SL', slFacts({ fiscalYearEnd: '02-29' }))).toEqual(['fiscalYearEnd']);
    expect(errorsOf('SL', slFacts({ fiscalYearEnd: '04-31' }))).toEqual(['fiscalYearEnd']);
  });

  it('refuses the criterio de caja to a large company and warns where it does not reach', () => {
    expect(errorsOf('SA', slFacts({ cashAccounting: true, largeCompany: true, siiEnabled: true }))).toEqual([
      'cashAccounting',
    ]);
    expect(warningsOf('SL', slFacts({ cashAccounting: true, siiEnabled: true }))).toEqual(['cashAccounting']);
    expect(
      warningsOf('AUTONOMO', autonomoFacts({ cashAccounting: true, vatRegime: 'RECARGO_EQUIVALENCIA' })),
    ).toEqual(['cashAccounting']);
  });

  it('warns that intra-EU operations and OSS do not apply in Canarias or Ceuta and Melilla', () => {
    const canarias = slFacts({ vatZone: 'CANARIAS', intraEuOperations: true, ossRegistered: true });
    expect(errorsOf('SL', canarias)).toEqual([]);
    expect(warningsOf('SL', canarias)).toEqual(['intraEuOperations', 'ossRegistered']);
    expect(validateFacts('SL', canarias)[0]!.message).toContain('Canarias (IGIC)');
    expect(warningsOf('SL', slFacts({ vatZone: 'CEUTA_MELILLA', intraEuOperations: true }))).toEqual([
      'intraEuOperations',
    ]);
  });

  it('refuses direct debit of a model that cannot have it and warns about one the facts do not require', () => {
    const facts = slFacts({ domiciliation: { '390': true } as TaxProfileFacts['domiciliation'] });
    expect(errorsOf('SL', facts)).toEqual(['domiciliation.390']);
    expect(warningsOf('SL', slFacts({ domiciliation: { '130': true } }))).toEqual(['domiciliation.130']);
    expect(validateFacts('SL', slFacts({ domiciliation: { '303': true, '202': true } }))).toEqual([]);
  });

  it('warns about a prorrata of 0 %', () => {
    expect(warningsOf('SL', slFacts({ prorrataBp: 0 }))).toEqual(['prorrataBp']);
    expect(validateFacts('SL', slFacts({ prorrataBp: 6000 }))).toEqual([]);
  });

  it('turns errors into 400 CORE_004 naming the field as the request names it', () => {
    expect(thrown(() => assertValidFacts('SL', slFacts({ redeme: true })))).toMatchObject({
      code: 'CORE_004',
      field: 'facts.siiEnabled',
    });
    expect(thrown(() => assertValidFacts('SL', slFacts({ redeme: true }), (f) => `x.${f}`))).toMatchObject({
      field: 'x.siiEnabled',
    });
    expect(() => assertValidFacts('SL', slFacts({ prorrataBp: 0 }))).not.toThrow();
  });
});

const answers = (over: Partial<AssistantAnswers> = {}): AssistantAnswers => ({
  activity: 'BUSINESS',
  vatZone: 'PENINSULA',
  annualTurnoverCents: 20_000_000,
  irpfMethod: null,
  withheldIncomeShareBp: null,
  hasEmployees: false,
  paysProfessionals: false,
  rentsPremises: false,
  paysDividendsOrInterest: false,
  paysNonResidents: false,
  intraEuOperations: false,
  intraEuQuarterCents: 0,
  sellsB2cToOtherEuCountries: false,
  assetsAbroad: false,
  wantsMonthlyRefunds: false,
  cashAccounting: false,
  payByDomiciliation: false,
  ...over,
});

describe('proposeFacts', () => {
  it('puts individual retailers in recargo de equivalencia and retail companies in the general regime', () => {
    expect(
      proposeFacts('AUTONOMO', answers({ activity: 'RETAIL', irpfMethod: 'DIRECTA_SIMPLIFICADA' })).vatRegime,
    ).toBe('RECARGO_EQUIVALENCIA');
    expect(proposeFacts('SL', answers({ activity: 'RETAIL' })).vatRegime).toBe('GENERAL');
  });

  it('maps farming to the REAGP (not for companies), exempt activity to EXENTO, the rest to GENERAL', () => {
    expect(proposeFacts('AUTONOMO', answers({ activity: 'FARMING', irpfMethod: 'MODULOS' })).vatRegime).toBe(
      'REAGP',
    );
    expect(proposeFacts('SL', answers({ activity: 'FARMING' })).vatRegime).toBe('GENERAL');
    expect(proposeFacts('SL', answers({ activity: 'EXEMPT' })).vatRegime).toBe('EXENTO');
    expect(proposeFacts('SL', answers({ activity: 'PROFESSIONAL' })).vatRegime).toBe('GENERAL');
  });

  it('makes a company above 6.010.121,04 € a large company in the SII, not one at exactly that', () => {
    expect(proposeFacts('SA', answers({ annualTurnoverCents: 601_012_105 }))).toMatchObject({
      largeCompany: true,
      siiEnabled: true,
    });
    expect(proposeFacts('SA', answers({ annualTurnoverCents: 601_012_104 }))).toMatchObject({
      largeCompany: false,
      siiEnabled: false,
    });
  });

  it('registers monthly refunds in the REDEME with the SII', () => {
    expect(proposeFacts('SL', answers({ wantsMonthlyRefunds: true }))).toMatchObject({
      redeme: true,
      siiEnabled: true,
    });
  });

  it('exempts a professional from 130 from 70 % of income under withholding (art. 109.1 RIRPF)', () => {
    const pro = (share: number) =>
      proposeFacts(
        'AUTONOMO',
        answers({
          activity: 'PROFESSIONAL',
          irpfMethod: 'DIRECTA_SIMPLIFICADA',
          withheldIncomeShareBp: share,
        }),
      );
    expect(pro(7000)).toMatchObject({ withholdingExemption130: true, irpfRateBp: 1500 });
    expect(pro(6999).withholdingExemption130).toBe(false);
    expect(
      proposeFacts('AUTONOMO', answers({ irpfMethod: 'MODULOS', withheldIncomeShareBp: 9000 }))
        .withholdingExemption130,
    ).toBe(false);
    expect(proposeFacts('SL', answers({ irpfMethod: 'DIRECTA_NORMAL' })).irpfMethod).toBeNull();
  });

  it('files 349 monthly above 50.000 € in the quarter and registers B2C sales to the EU in the OSS', () => {
    expect(
      proposeFacts('SL', answers({ intraEuOperations: true, intraEuQuarterCents: 5_000_001 })),
    ).toMatchObject({
      intraEuOperations: true,
      intraEuMonthly: true,
    });
    expect(
      proposeFacts('SL', answers({ intraEuOperations: true, intraEuQuarterCents: 5_000_000 })).intraEuMonthly,
    ).toBe(false);
    expect(proposeFacts('SL', answers({ sellsB2cToOtherEuCountries: true })).ossRegistered).toBe(true);
  });

  it('domiciles every domiciliable model the facts require, and only those', () => {
    const facts = proposeFacts(
      'AUTONOMO',
      answers({
        activity: 'PROFESSIONAL',
        irpfMethod: 'DIRECTA_SIMPLIFICADA',
        hasEmployees: true,
        payByDomiciliation: true,
      }),
    );
    expect(facts.domiciliation).toEqual({ '303': true, '111': true, '130': true, '100': true });
    expect(proposeFacts('SL', answers()).domiciliation).toEqual({});
  });

  it('answers the proposal with the required models and the issues of the facts', () => {
    const p = proposal('AUTONOMO', answers({ activity: 'PROFESSIONAL' }));
    expect(p.issues).toEqual([expect.objectContaining({ field: 'irpfMethod', severity: 'error' })]);
    const sl = proposal('SL', answers({ rentsPremises: true }));
    expect(sl.issues).toEqual([]);
    expect(sl.requiredModels.map((r) => r.model)).toEqual(['303', '390', '115', '180', '202', '200', '347']);
    expect(sl.requiredModels[0]).toEqual({
      model: '303',
      periodicity: 'QUARTERLY',
      reason: 'Actividad sujeta a IVA',
    });
  });
});

describe('tax configuration', () => {
  it('reads the profile as taxRegime, vatZone, siiEnabled, quarterlyVat and irpfRate in percent', () => {
    const p = newProfile({
      companyId: 'co-1',
      companyType: 'AUTONOMO',
      taxYear: 2026,
      facts: autonomoFacts({ irpfRateBp: 700 }),
      at: AT,
      by: 'u1',
    });
    expect(toConfiguration(p)).toEqual({
      companyId: 'co-1',
      taxRegime: 'GENERAL',
      vatZone: 'PENINSULA',
      siiEnabled: false,
      quarterlyVat: true,
      irpfRate: 7,
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      requiredModels: ['303', '390', '130', '100', '347'],
      updatedAt: AT,
    });
    expect(toConfiguration(profile(slFacts({ largeCompany: true, siiEnabled: true }))).quarterlyVat).toBe(
      false,
    );
  });

  it('writes the update* fields onto the facts, the IRPF rate from percent to basis points', () => {
    const next = applyConfigurationUpdate(autonomoFacts(), {
      updateTaxRegime: 'SIMPLIFICADO',
      updateVatZone: 'CANARIAS',
      updateSiiEnabled: true,
      updateIrpfRate: 19.5,
    });
    expect(next).toMatchObject({
      vatRegime: 'SIMPLIFICADO',
      vatZone: 'CANARIAS',
      siiEnabled: true,
      irpfRateBp: 1950,
    });
    expect(applyConfigurationUpdate(autonomoFacts(), {})).toEqual(autonomoFacts());
  });

  it('accepts monthly VAT only with a reason for it, and quarterly only without one', () => {
    expect(
      applyConfigurationUpdate(slFacts(), { updateSiiEnabled: true, updateQuarterlyVat: false }).siiEnabled,
    ).toBe(true);
    expect(thrown(() => applyConfigurationUpdate(slFacts(), { updateQuarterlyVat: false }))).toEqual({
      code: 'CORE_004',
      field: 'updateQuarterlyVat',
      message: 'La liquidación mensual del IVA requiere SII, REDEME, gran empresa o grupo de entidades.',
    });
    const sii = slFacts({ siiEnabled: true, largeCompany: true });
    const quarterly = thrown(() => applyConfigurationUpdate(sii, { updateQuarterlyVat: true }));
    expect(quarterly).toMatchObject({ code: 'CORE_004', field: 'updateQuarterlyVat' });
    expect(quarterly.message).toContain('el SII y la condición de gran empresa');
    expect(applyConfigurationUpdate(slFacts(), { updateQuarterlyVat: true })).toEqual(slFacts());
  });
});
