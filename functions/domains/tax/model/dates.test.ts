import { describe, expect, it } from 'vitest';
import { madridMonthStart, madridToday, yearOf } from './dates';

describe('madridToday', () => {
  it.each([
    // Winter (CET, UTC+1): midnight in Madrid is 23:00 UTC the day before.
    ['2026-12-31T22:59:59.000Z', '2026-12-31'],
    ['2026-12-31T23:00:00.000Z', '2027-01-01'],
    // Summer (CEST, UTC+2): midnight in Madrid is 22:00 UTC the day before.
    ['2027-04-20T21:59:00.000Z', '2027-04-20'],
    ['2027-04-20T22:00:00.000Z', '2027-04-21'],
    // The nights the clocks change (last Sunday of March and of October 2027).
    ['2027-03-27T23:30:00.000Z', '2027-03-28'],
    ['2027-10-30T22:30:00.000Z', '2027-10-31'],
    ['2027-10-30T21:30:00.000Z', '2027-10-30'],
  ])('%s is %s in Madrid', (instant, day) => {
    expect(madridToday(new Date(instant))).toBe(day);
  });
});

describe('madridMonthStart and yearOf', () => {
  it('gives the first day of the month and the year of an ISO date', () => {
    expect(madridMonthStart('2027-11-26')).toBe('2027-11-01');
    expect(madridMonthStart('2028-02-29')).toBe('2028-02-01');
    expect(yearOf('2027-11-26')).toBe(2027);
  });

  it('refuses what is not an ISO date', () => {
    expect(() => madridMonthStart('26/11/2027')).toThrow(RangeError);
  });
});
