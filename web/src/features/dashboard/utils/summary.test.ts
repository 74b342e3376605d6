import type { DashboardSummary } from '@shared/schemas/dashboard';
import { describe, expect, it } from 'vitest';
import { daysLeftLabel, financialSeries, isSeriesEmpty, monthLabel, sectionState } from './summary';

describe('monthLabel', () => {
  it('writes the es-ES short month and the year', () => {
    expect(monthLabel('2026-01')).toBe('ene 2026');
    expect(monthLabel('2025-12')).toBe('dic 2025');
    expect(monthLabel('2025-13')).toBe('2025-13');
    expect(monthLabel('marzo')).toBe('marzo');
  });
});

describe('financialSeries', () => {
  it('puts revenue and expenses of each month together, oldest first, zero where a series lacks it', () => {
    const points = financialSeries({
      revenueByMonth: [
        { month: '2026-02', value: 150_000 },
        { month: '2026-01', value: 100_000 },
      ],
      expensesByMonth: [
        { month: '2026-01', value: 40_000 },
        { month: '2026-03', value: 5_000 },
      ],
    });
    expect(points).toEqual([
      { month: '2026-01', label: 'ene 2026', revenue: 100_000, expenses: 40_000 },
      { month: '2026-02', label: 'feb 2026', revenue: 150_000, expenses: 0 },
      { month: '2026-03', label: 'mar 2026', revenue: 0, expenses: 5_000 },
    ]);
    expect(isSeriesEmpty(points)).toBe(false);
    expect(
      isSeriesEmpty(
        financialSeries({ revenueByMonth: [{ month: '2026-01', value: 0 }], expensesByMonth: [] }),
      ),
    ).toBe(true);
  });
});

describe('sectionState', () => {
  const summary = (source: 'LIVE' | 'SNAPSHOT' | 'UNAVAILABLE') =>
    ({ meta: { sections: { accounting: { source, asOf: null } } } }) as unknown as DashboardSummary;

  it('shows data (live or snapshot), reports an unavailable section and hides one not served', () => {
    expect(sectionState(summary('LIVE'), 'accounting', true)).toBe('shown');
    expect(sectionState(summary('SNAPSHOT'), 'accounting', true)).toBe('shown');
    expect(sectionState(summary('UNAVAILABLE'), 'accounting', false)).toBe('unavailable');
    expect(sectionState(summary('LIVE'), 'accounting', false)).toBe('hidden');
  });
});

describe('daysLeftLabel', () => {
  it('says overdue, today or the days left', () => {
    expect(daysLeftLabel(-1)).toBe('Vencida hace 1 día');
    expect(daysLeftLabel(-4)).toBe('Vencida hace 4 días');
    expect(daysLeftLabel(0)).toBe('Vence hoy');
    expect(daysLeftLabel(1)).toBe('Queda 1 día');
    expect(daysLeftLabel(12)).toBe('Quedan 12 días');
  });
});
