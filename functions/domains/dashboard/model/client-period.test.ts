import { describe, expect, it } from 'vitest';
import { periodWindows } from './client-period';

describe('periodWindows', () => {
  it('month and the previous one (across a year)', () => {
    expect(periodWindows('MONTH', '2026-01-15')).toEqual({
      current: { aggregatePeriods: ['2026-01'], from: '2026-01-01', to: '2026-01-31' },
      previous: { aggregatePeriods: ['2025-12'], from: '2025-12-01', to: '2025-12-31' },
    });
    expect(periodWindows('MONTH', '2028-03-02').previous.to).toBe('2028-02-29');
  });
  it('quarter and year', () => {
    expect(periodWindows('QUARTER', '2026-11-27')).toEqual({
      current: { aggregatePeriods: ['2026-Q4'], from: '2026-10-01', to: '2026-12-31' },
      previous: { aggregatePeriods: ['2026-Q3'], from: '2026-07-01', to: '2026-09-30' },
    });
    expect(periodWindows('QUARTER', '2026-02-01').previous.aggregatePeriods).toEqual(['2025-Q4']);
    expect(periodWindows('YEAR', '2026-11-27')).toEqual({
      current: {
        aggregatePeriods: ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'],
        from: '2026-01-01',
        to: '2026-12-31',
      },
      previous: {
        aggregatePeriods: ['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'],
        from: '2025-01-01',
        to: '2025-12-31',
      },
    });
  });
});
