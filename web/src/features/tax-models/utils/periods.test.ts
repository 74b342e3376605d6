import { describe, expect, it } from 'vitest';
import { lastClosedPeriod } from './periods';

describe('lastClosedPeriod', () => {
  it('is the quarter before today’s, and last year’s 4T in the first quarter', () => {
    expect(lastClosedPeriod('2026-04-08', 'QUARTERLY')).toEqual({ year: 2026, period: '1T' });
    expect(lastClosedPeriod('2026-12-31', 'QUARTERLY')).toEqual({ year: 2026, period: '3T' });
    expect(lastClosedPeriod('2027-03-31', 'QUARTERLY')).toEqual({ year: 2026, period: '4T' });
  });

  it('is the month before today’s, and last December in January', () => {
    expect(lastClosedPeriod('2026-04-08', 'MONTHLY')).toEqual({ year: 2026, period: '03' });
    expect(lastClosedPeriod('2026-11-01', 'MONTHLY')).toEqual({ year: 2026, period: '10' });
    expect(lastClosedPeriod('2027-01-20', 'MONTHLY')).toEqual({ year: 2026, period: '12' });
  });

  it('is last year’s annual return', () => {
    expect(lastClosedPeriod('2027-01-15', 'ANNUAL')).toEqual({ year: 2026, period: '0A' });
  });
});
