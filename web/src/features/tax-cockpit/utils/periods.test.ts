import { describe, expect, it } from 'vitest';
import {
  COCKPIT_MODELS,
  cockpitSelection,
  defaultPeriod,
  dueDateOf,
  periodOptions,
  periodsOfModel,
} from './periods';

describe('defaultPeriod: the last period that has closed', () => {
  it('is the quarter before today’s for the 303 and 349', () => {
    expect(defaultPeriod('303', '2026-04-08')).toEqual({ year: 2026, period: '1T' });
    expect(defaultPeriod('303', '2026-11-27')).toEqual({ year: 2026, period: '3T' });
    expect(defaultPeriod('349', '2026-07-01')).toEqual({ year: 2026, period: '2T' });
  });

  it("is last year's 4T in the first quarter (filed until 30 January)", () => {
    expect(defaultPeriod('303', '2027-01-15')).toEqual({ year: 2026, period: '4T' });
    expect(defaultPeriod('303', '2027-03-31')).toEqual({ year: 2026, period: '4T' });
  });

  it("is last year's annual return for the 390 and 347", () => {
    expect(defaultPeriod('390', '2027-01-15')).toEqual({ year: 2026, period: '0A' });
    expect(defaultPeriod('347', '2026-11-27')).toEqual({ year: 2025, period: '0A' });
  });
});

describe('cockpitSelection', () => {
  it('reads model, year and period from the URL', () => {
    expect(cockpitSelection(new URLSearchParams('model=349&year=2025&period=03'), '2026-11-27')).toEqual({
      modelType: '349',
      year: 2025,
      period: '03',
    });
  });

  it('falls back to the 303 of the last closed period, and an annual model to 0A', () => {
    expect(cockpitSelection(new URLSearchParams(''), '2026-11-27')).toEqual({
      modelType: '303',
      year: 2026,
      period: '3T',
    });
    expect(cockpitSelection(new URLSearchParams('model=390&year=2024&period=2T'), '2026-11-27')).toEqual({
      modelType: '390',
      year: 2024,
      period: '0A',
    });
    expect(cockpitSelection(new URLSearchParams('model=190&year=1999&period=5T'), '2026-11-27')).toEqual({
      modelType: '303',
      year: 2026,
      period: '3T',
    });
  });

  it('takes the income-tax models with their own periods: the 111 by month, the 130 only by quarter', () => {
    expect(cockpitSelection(new URLSearchParams('model=111&year=2026&period=05'), '2026-11-27')).toEqual({
      modelType: '111',
      year: 2026,
      period: '05',
    });
    expect(cockpitSelection(new URLSearchParams('model=130&year=2026&period=05'), '2026-11-27')).toEqual({
      modelType: '130',
      year: 2026,
      period: '3T',
    });
  });
});

describe('periods and deadlines', () => {
  it('offers quarters and months for the 303 and the year for the 390', () => {
    expect(periodsOfModel('303')).toHaveLength(16);
    expect(periodsOfModel('390')).toEqual(['0A']);
  });

  it('offers the 130, 111, 115, 123 and 216; the 130 has no months', () => {
    expect(COCKPIT_MODELS).toEqual(['303', '390', '349', '347', '130', '111', '115', '123', '216']);
    expect(periodOptions('130')).toEqual([
      {
        label: 'Trimestral',
        options: [
          { value: '1T', label: '1.º trimestre' },
          { value: '2T', label: '2.º trimestre' },
          { value: '3T', label: '3.º trimestre' },
          { value: '4T', label: '4.º trimestre' },
        ],
      },
    ]);
    expect(periodOptions('115').map((g) => g.label)).toEqual(['Trimestral', 'Mensual']);
    expect(dueDateOf('111', 2026, '2T')).toBe('2026-07-20');
  });

  it('gives the AEAT deadline of the period', () => {
    expect(dueDateOf('303', 2026, '3T')).toBe('2026-10-20');
    // 30 January 2027 is a Saturday: the deadline moves to Monday 1 February.
    expect(dueDateOf('303', 2026, '4T')).toBe('2027-02-01');
  });
});
