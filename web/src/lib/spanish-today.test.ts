import { describe, expect, it } from 'vitest';
import { spanishToday } from './spanish-today';

describe('spanishToday', () => {
  it('is the date in Madrid, not in UTC: after 23:00 UTC in winter it is already tomorrow', () => {
    expect(spanishToday(new Date('2026-01-31T22:59:59Z'))).toBe('2026-01-31');
    expect(spanishToday(new Date('2026-01-31T23:00:00Z'))).toBe('2026-02-01');
  });

  it('counts summer time (UTC+2): 22:00 UTC on 30 June is 1 July in Spain', () => {
    expect(spanishToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(spanishToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('is a YYYY-MM-DD date for now', () => {
    expect(spanishToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
