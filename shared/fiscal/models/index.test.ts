import { afterEach, describe, expect, it } from 'vitest';
import {
  computeModel,
  designFor,
  ModelDefinitionError,
  ModelPeriodError,
  modelDefinitions,
  periodBounds,
  periodicityOfPeriod,
  validPeriodsOf,
} from './index';
import { type Design303, design303v2026 } from './model-303';
import { issued, modelInput, periodLines, testFacts } from './testing';
import { VAT_MODEL_TYPES } from './types';

describe('designFor', () => {
  it.each([
    ['303', 2024, '4T', '303-2024-10'],
    ['303', 2024, '10', '303-2024-10'],
    ['303', 2025, '1T', '303-2024-10'],
    ['303', 2025, '3T', '303-2024-10'],
    ['303', 2025, '4T', '303-2024-10'],
    ['303', 2025, '12', '303-2024-10'],
    ['303', 2026, '1T', '303-2026'],
    ['303', 2026, '01', '303-2026'],
    ['303', 2030, '2T', '303-2026'],
    ['390', 2023, '0A', '390-2023'],
    ['390', 2024, '0A', '390-2024'],
    ['390', 2025, '0A', '390-2025'],
  ] as const)('%s %i %s → %s', (model, year, period, id) => {
    expect(designFor(model, year, period)?.id).toBe(id);
  });

  it('has no design before the first one, nor for a period code that does not exist', () => {
    expect(designFor('303', 2024, '3T')).toBeUndefined();
    expect(designFor('303', 2024, '09')).toBeUndefined();
    expect(designFor('390', 2022, '0A')).toBeUndefined();
    expect(designFor('303', 2025, '5T')).toBeUndefined();
    expect(designFor('303', 1999, '1T')).toBeUndefined();
  });

  it('every model has a definition whose designs do not overlap', () => {
    for (const type of VAT_MODEL_TYPES) {
      const designs = [...modelDefinitions[type].designs].sort((a, b) =>
        a.validFrom.localeCompare(b.validFrom),
      );
      expect(designs.length).toBeGreaterThan(0);
      for (const d of designs) expect(d.modelType).toBe(type);
      for (let i = 1; i < designs.length; i++) {
        const prev = designs[i - 1];
        expect(prev?.validTo !== null && (prev?.validTo ?? '') < (designs[i]?.validFrom ?? '')).toBe(true);
      }
    }
  });
});

describe('a new design is only data', () => {
  const designs = modelDefinitions['303'].designs;
  afterEach(() => {
    const i = designs.findIndex((d) => d.id === '303-2027-test');
    if (i >= 0) designs.splice(i, 1);
  });

  it('a 2027 design added to the list is picked for 2027 and computes with its own rates', () => {
    // A hypothetical 2027 design: the 2026 one with the general rate at 22 %.
    const d2027: Design303 = {
      ...design303v2026,
      id: '303-2027-test',
      validFrom: '2027-01-01',
      source: 'Prueba: diseño hipotético de 2027',
      rules: {
        ...design303v2026.rules,
        vat: { ...design303v2026.rules.vat, 2200: ['07', '08', '09'] },
        rateFields: { ...design303v2026.rules.rateFields, '08': 2200 },
      },
    };
    designs.push(d2027);
    expect(designFor('303', 2026, '4T')?.id).toBe('303-2026');
    expect(designFor('303', 2027, '1T')?.id).toBe('303-2027-test');
    const c = computeModel(
      modelInput('303', 2027, '1T', {
        lines: periodLines([issued('S1', 2200, { base: 10_000, vat: 2_200 })]),
      }),
    );
    expect(c.design).toBe('303-2027-test');
    expect([c.boxes['07'], c.boxes['08'], c.boxes['09'], c.boxes['71']]).toEqual([
      10_000, 2_200, 2_200, 2_200,
    ]);
  });
});

describe('periods', () => {
  it.each([
    [2025, '1T', '2025-01-01', '2025-03-31'],
    [2025, '2T', '2025-04-01', '2025-06-30'],
    [2025, '3T', '2025-07-01', '2025-09-30'],
    [2025, '4T', '2025-10-01', '2025-12-31'],
    [2024, '02', '2024-02-01', '2024-02-29'],
    [2025, '02', '2025-02-01', '2025-02-28'],
    [2025, '11', '2025-11-01', '2025-11-30'],
    [2025, '0A', '2025-01-01', '2025-12-31'],
  ])('%i %s is %s..%s', (year, period, start, end) => {
    expect(periodBounds(year, period)).toEqual({ start, end });
  });

  it('rejects what is not a period', () => {
    expect(() => periodBounds(2025, '13')).toThrow(ModelPeriodError);
    expect(() => periodBounds(2025, '5T')).toThrow(ModelPeriodError);
    expect(() => periodBounds(1999, '1T')).toThrow(ModelPeriodError);
    expect(() => periodicityOfPeriod('1t')).toThrow(ModelPeriodError);
  });

  it('knows the periodicity of a code', () => {
    expect(['1T', '07', '0A'].map(periodicityOfPeriod)).toEqual(['QUARTERLY', 'MONTHLY', 'ANNUAL']);
  });

  it('validPeriodsOf follows the profile', () => {
    const quarters = ['1T', '2T', '3T', '4T'];
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    expect(validPeriodsOf('303', testFacts())).toEqual(quarters);
    expect(validPeriodsOf('303', testFacts({ largeCompany: true }))).toEqual(months);
    expect(validPeriodsOf('303', testFacts({ siiEnabled: true }))).toEqual(months);
    expect(validPeriodsOf('303', testFacts({ redeme: true }))).toEqual(months);
    expect(validPeriodsOf('303')).toEqual([...quarters, ...months]);
    expect(validPeriodsOf('349', testFacts({ intraEuMonthly: true }))).toEqual(months);
    expect(validPeriodsOf('349', testFacts())).toEqual(quarters);
    expect(validPeriodsOf('390')).toEqual(['0A']);
    expect(validPeriodsOf('347', testFacts())).toEqual(['0A']);
  });
});

describe('computeModel', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof ModelDefinitionError ? e.code : `other: ${String(e)}`;
    }
    return 'no error';
  };

  it('TAX_027 for a period the model or the company does not have', () => {
    expect(code(() => computeModel(modelInput('303', 2025, '05')))).toBe('TAX_027');
    expect(code(() => computeModel(modelInput('303', 2025, '2T', { facts: { largeCompany: true } })))).toBe(
      'TAX_027',
    );
    expect(code(() => computeModel(modelInput('303', 2025, '0A')))).toBe('TAX_027');
    expect(code(() => computeModel(modelInput('390', 2025, '4T')))).toBe('TAX_027');
    expect(code(() => computeModel(modelInput('303', 2025, '1T')))).toBe('no error');
    expect(code(() => computeModel({ ...modelInput('303', 2025, '1T'), period: '5T' }))).toBe('TAX_027');
    expect(code(() => computeModel({ ...modelInput('303', 2025, '1T'), year: 1999 }))).toBe('TAX_027');
  });

  it('TAX_023 when no design covers the period', () => {
    expect(code(() => computeModel(modelInput('303', 2024, '3T')))).toBe('TAX_023');
    expect(code(() => computeModel(modelInput('390', 2022, '0A')))).toBe('TAX_023');
  });

  it('dispatches each model to its definition with the design of the period', () => {
    expect(computeModel(modelInput('303', 2025, '2T')).design).toBe('303-2024-10');
    expect(computeModel(modelInput('303', 2026, '2T')).design).toBe('303-2026');
    expect(computeModel(modelInput('390', 2025, '0A')).design).toBe('390-2025');
    const c349 = computeModel(modelInput('349', 2025, '1T', { facts: { intraEuOperations: true } }));
    expect([c349.modelType, c349.design]).toEqual(['349', designFor('349', 2025, '1T')?.id]);
    const c347 = computeModel(modelInput('347', 2025, '0A'));
    expect([c347.modelType, c347.design]).toEqual(['347', designFor('347', 2025, '0A')?.id]);
  });
});
