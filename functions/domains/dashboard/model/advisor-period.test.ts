import { describe, expect, it } from 'vitest';
import { addDays, madridMidnightMs, madridToday, periodWindow } from './advisor-period';

describe('periodWindow', () => {
  // Wednesday 18 November 2026, 00:30 in Madrid (still 17 November in UTC).
  const now = new Date('2026-11-17T23:30:00.000Z');

  it.each([
    ['DAY', '2026-11-18', null],
    ['WEEK', '2026-11-12', null],
    ['MONTH', '2026-11-01', ['2026-11']],
    ['QUARTER', '2026-10-01', ['2026-Q4']],
    ['YEAR', '2026-01-01', ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']],
  ] as const)('%s runs from %s to today (Madrid)', (period, from, aggregates) => {
    const w = periodWindow(period, now);
    expect(w).toMatchObject({ today: '2026-11-18', from, to: '2026-11-18', nowMs: now.getTime() });
    expect(w.aggregatePeriods).toEqual(aggregates);
    expect(w.fromMs).toBe(madridMidnightMs(from));
  });

  it('a year in its first quarter reads only that quarter', () => {
    expect(periodWindow('YEAR', new Date('2026-02-10T12:00:00Z')).aggregatePeriods).toEqual(['2026-Q1']);
  });
});

describe('Madrid days', () => {
  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC, across the DST changes', () => {
    expect(new Date(madridMidnightMs('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(madridMidnightMs('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(new Date(madridMidnightMs('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(madridMidnightMs('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-01', -6)).toBe('2026-02-23');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(madridToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
