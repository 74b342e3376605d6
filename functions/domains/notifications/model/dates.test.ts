import { describe, expect, it } from 'vitest';
import { eachDay, madridDay, madridInstant, nextDigestAt } from './dates';

describe('notification dates (Europe/Madrid)', () => {
  it('08:00 Madrid is 07:00Z in winter and 06:00Z in summer, DST days included', () => {
    expect(madridInstant('2026-01-15', 8).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(madridInstant('2026-07-15', 8).toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(madridInstant('2026-03-29', 8).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(madridInstant('2026-10-25', 8).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(madridInstant('2026-03-29', 0).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('the Madrid day of an instant crosses midnight an hour or two before UTC', () => {
    expect(madridDay(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(madridDay(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(madridDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });

  it('the next digest is today at 08:00 before it, tomorrow from then on', () => {
    expect(nextDigestAt(new Date('2026-01-15T06:59:59Z')).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(nextDigestAt(new Date('2026-01-15T07:00:00Z')).toISOString()).toBe('2026-01-16T07:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('lists every day of a window, both ends included', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
