import { describe, expect, it } from 'vitest';
import { periodLabel, usageLevel, usagePercent } from './usage';

describe('VeriFacTu usage (warning above 80 %, exceeded above 100 %)', () => {
  it('is OK up to and including 80 %', () => {
    expect(usageLevel({ currentUsage: 0, limit: 100 })).toBe('OK');
    expect(usageLevel({ currentUsage: 80, limit: 100 })).toBe('OK');
    expect(usageLevel({ currentUsage: 800, limit: 1000 })).toBe('OK');
  });

  it('warns strictly above 80 % and up to 100 % included', () => {
    expect(usageLevel({ currentUsage: 81, limit: 100 })).toBe('WARNING');
    expect(usageLevel({ currentUsage: 801, limit: 1000 })).toBe('WARNING');
    expect(usageLevel({ currentUsage: 100, limit: 100 })).toBe('WARNING');
  });

  it('is exceeded strictly above 100 %', () => {
    expect(usageLevel({ currentUsage: 101, limit: 100 })).toBe('EXCEEDED');
    expect(usageLevel({ currentUsage: 1001, limit: 1000 })).toBe('EXCEEDED');
  });

  it('has no level and no percent without a limit', () => {
    expect(usageLevel({ currentUsage: 5, limit: 0 })).toBe('OK');
    expect(usagePercent({ currentUsage: 5, limit: 0 })).toBe(0);
  });

  it('computes the percent with one decimal', () => {
    expect(usagePercent({ currentUsage: 1, limit: 3 })).toBe(33.3);
    expect(usagePercent({ currentUsage: 150, limit: 100 })).toBe(150);
  });

  it('names the month in Spanish', () => {
    expect(periodLabel('2027-01')).toBe('enero de 2027');
    expect(periodLabel('2027-12')).toBe('diciembre de 2027');
    expect(periodLabel('2027')).toBe('2027');
  });
});
