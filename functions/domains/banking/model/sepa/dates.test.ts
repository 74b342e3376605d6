import { describe, expect, it } from 'vitest';
import { earliestExecutionDate, executionDateProblem, isTargetDay, nextTargetDay } from './dates';

describe('TARGET2 days', () => {
  it('closes on weekends and on the six TARGET holidays', () => {
    expect(isTargetDay('2026-03-10')).toBe(true); // Tuesday
    expect(isTargetDay('2026-03-14')).toBe(false); // Saturday
    expect(isTargetDay('2026-04-03')).toBe(false); // Good Friday 2026
    expect(isTargetDay('2026-04-06')).toBe(false); // Easter Monday 2026
    expect(isTargetDay('2026-05-01')).toBe(false);
    expect(isTargetDay('2026-12-25')).toBe(false);
    expect(isTargetDay('2026-12-24')).toBe(true);
    expect(isTargetDay('2026-10-12')).toBe(true); // a Spanish holiday, but TARGET settles
  });

  it('finds the next day over a long weekend', () => {
    expect(nextTargetDay('2026-04-02')).toBe('2026-04-07');
  });
});

describe('execution and collection dates', () => {
  it('transfers: today at the earliest', () => {
    expect(earliestExecutionDate('TRANSFER', '2026-03-10')).toBe('2026-03-10');
    expect(earliestExecutionDate('TRANSFER', '2026-03-14')).toBe('2026-03-16');
    expect(executionDateProblem('TRANSFER', '2026-03-10', '2026-03-10')).toBeNull();
    expect(executionDateProblem('TRANSFER', '2026-03-09', '2026-03-10')).toMatch(/anterior a hoy/);
  });

  it('direct debits: the second TARGET day after today (D-1 for the debtor bank)', () => {
    expect(earliestExecutionDate('DIRECT_DEBIT', '2026-03-10')).toBe('2026-03-12');
    expect(earliestExecutionDate('DIRECT_DEBIT', '2026-03-13')).toBe('2026-03-17');
    expect(executionDateProblem('DIRECT_DEBIT', '2026-03-11', '2026-03-10')).toMatch(/D-1/);
    expect(executionDateProblem('DIRECT_DEBIT', '2026-03-12', '2026-03-10')).toBeNull();
  });

  it('refuses a closed day with a Spanish message', () => {
    expect(executionDateProblem('DIRECT_DEBIT', '2026-03-21', '2026-03-10')).toMatch(/día hábil SEPA/);
    expect(executionDateProblem('TRANSFER', '2027-06-01', '2026-03-10')).toMatch(/más de un año/);
  });
});
