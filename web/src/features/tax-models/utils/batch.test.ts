import { describe, expect, it } from 'vitest';
import { batchPairs, batchRequests, regenerateRequests } from './batch';

describe('batch generation requests', () => {
  it('sends one request per period with the periodic models and one for the annual ones', () => {
    const { bodies, errors } = batchRequests({
      year: 2026,
      models: ['303', '349', '390'],
      periods: ['1T', '2T'],
      regenerate: false,
    });
    expect(errors).toEqual({});
    expect(bodies).toEqual([
      { year: 2026, quarter: 1, models: ['303', '349'], regenerate: false },
      { year: 2026, quarter: 2, models: ['303', '349'], regenerate: false },
      { year: 2026, models: ['390'], regenerate: false },
    ]);
  });

  it('sends months as months', () => {
    const { bodies } = batchRequests({
      year: 2026,
      models: ['303'],
      periods: ['03', '11'],
      regenerate: false,
    });
    expect(bodies).toEqual([
      { year: 2026, month: 3, models: ['303'], regenerate: false },
      { year: 2026, month: 11, models: ['303'], regenerate: false },
    ]);
  });

  it("refuses a year outside 2000-2100 with the spec's message", () => {
    for (const year of [1999, 2101, null]) {
      const { bodies, errors } = batchRequests({ year, models: ['390'], periods: [], regenerate: false });
      expect(bodies).toEqual([]);
      expect(errors.year).toBe('El año debe estar entre 2000 y 2100');
    }
  });

  it("needs at least one model: 'Debe seleccionar al menos un modelo'", () => {
    const { bodies, errors } = batchRequests({ year: 2026, models: [], periods: ['1T'], regenerate: false });
    expect(bodies).toEqual([]);
    expect(errors.models).toBe('Debe seleccionar al menos un modelo');
  });

  it('counts a model once per period: 2 models × 12 months are 24, over the 20 allowed', () => {
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    expect(batchPairs({ models: ['303', '349'], periods: months })).toHaveLength(24);
    const { bodies, errors } = batchRequests({
      year: 2026,
      models: ['303', '349'],
      periods: months,
      regenerate: false,
    });
    expect(bodies).toEqual([]);
    expect(errors.models).toBe('No se pueden generar más de 20 modelos simultáneamente');
    // 303 and 349 of ten months are exactly 20: allowed.
    expect(
      batchRequests({ year: 2026, models: ['303', '349'], periods: months.slice(0, 10), regenerate: false })
        .errors,
    ).toEqual({});
  });

  it('asks for each model only the periods it has: the 130 by quarter, a large company’s 111 by month', () => {
    const periodsOf = (m: string) => (m === '111' ? ['01', '02', '03'] : ['1T', '2T', '3T', '4T']);
    const { bodies, errors } = batchRequests({
      year: 2026,
      models: ['130', '111', '347'],
      periods: ['1T', '01', '02'],
      regenerate: false,
      periodsOf,
    });
    expect(errors).toEqual({});
    expect(bodies).toEqual([
      { year: 2026, quarter: 1, models: ['130'], regenerate: false },
      { year: 2026, month: 1, models: ['111'], regenerate: false },
      { year: 2026, month: 2, models: ['111'], regenerate: false },
      { year: 2026, models: ['347'], regenerate: false },
    ]);
    // Without the company's periodicity the 130 still has no months.
    expect(batchPairs({ models: ['130'], periods: ['1T', '01'] })).toEqual([
      { modelType: '130', period: '1T' },
    ]);
  });

  it('asks for a period when a periodic model is chosen', () => {
    const { errors } = batchRequests({ year: 2026, models: ['303'], periods: [], regenerate: false });
    expect(errors.periods).toBe('Selecciona al menos un trimestre o un mes');
  });

  it('regenerates the models found already generated, grouped by period', () => {
    expect(
      regenerateRequests(2026, [
        { modelType: '303', period: '1T' },
        { modelType: '349', period: '1T' },
        { modelType: '390', period: '0A' },
      ]),
    ).toEqual([
      { year: 2026, quarter: 1, models: ['303', '349'], regenerate: true },
      { year: 2026, models: ['390'], regenerate: true },
    ]);
  });
});
