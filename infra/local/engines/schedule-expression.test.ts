import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { toCroner } from './schedule-expression';

/** The next runs croner computes for an expression, in UTC ISO strings. */
function nextRuns(expression: string, from: string, n = 3, timezone = 'Europe/Madrid'): string[] {
  const { pattern, options } = toCroner(expression);
  const job = new Cron(pattern, { ...options, timezone, paused: true });
  try {
    return job.nextRuns(n, new Date(from)).map((d) => d.toISOString());
  } finally {
    job.stop();
  }
}

describe('EventBridge schedule expressions on croner', () => {
  it('turns rate() into a clock-aligned pattern when the period divides the hour or the day', () => {
    expect(toCroner('rate(5 minutes)').pattern).toBe('0 */5 * * * * *');
    expect(toCroner('rate(1 minute)').pattern).toBe('0 */1 * * * * *');
    expect(toCroner('rate(6 hours)').pattern).toBe('0 0 */6 * * * *');
    expect(toCroner('rate(1 day)').pattern).toBe('0 0 0 * * * *');
    expect(nextRuns('rate(5 minutes)', '2026-11-20T12:01:30Z')).toEqual([
      '2026-11-20T12:05:00.000Z',
      '2026-11-20T12:10:00.000Z',
      '2026-11-20T12:15:00.000Z',
    ]);
  });

  it('uses a minimum interval for periods that do not divide evenly', () => {
    expect(toCroner('rate(7 minutes)').options.interval).toBe(420);
    expect(toCroner('rate(5 hours)').options.interval).toBe(18_000);
    expect(toCroner('rate(2 days)').options.interval).toBe(172_800);
  });

  it('rejects the unit forms EventBridge rejects', () => {
    expect(() => toCroner('rate(1 minutes)')).toThrow(/singular/);
    expect(() => toCroner('rate(5 minute)')).toThrow(/plural/);
    expect(() => toCroner('rate(0 minutes)')).toThrow(/positive/);
    expect(() => toCroner('every 5 minutes')).toThrow(/Unsupported/);
  });

  it('reads cron() in EventBridge field order, with a year and 1-7 = SUN-SAT weekdays', () => {
    // 2026-11-20 is a Friday; 08:00 in Madrid is 07:00 UTC in winter.
    expect(nextRuns('cron(0 8 ? * MON-FRI *)', '2026-11-20T12:00:00Z')).toEqual([
      '2026-11-23T07:00:00.000Z',
      '2026-11-24T07:00:00.000Z',
      '2026-11-25T07:00:00.000Z',
    ]);
    expect(nextRuns('cron(0 8 ? * 2-6 *)', '2026-11-20T12:00:00Z')).toEqual(
      nextRuns('cron(0 8 ? * MON-FRI *)', '2026-11-20T12:00:00Z'),
    );
    expect(nextRuns('cron(0 8 ? * 1 *)', '2026-11-20T12:00:00Z', 1)).toEqual(['2026-11-22T07:00:00.000Z']);
  });

  it('supports L, W and # like EventBridge', () => {
    expect(nextRuns('cron(15 10 L * ? *)', '2026-11-20T12:00:00Z', 2)).toEqual([
      '2026-11-30T09:15:00.000Z',
      '2026-12-31T09:15:00.000Z',
    ]);
    // 6L = the last Friday of the month.
    expect(nextRuns('cron(15 10 ? * 6L *)', '2026-11-20T12:00:00Z', 1)).toEqual(['2026-11-27T09:15:00.000Z']);
    // 2#1 = the first Monday.
    expect(nextRuns('cron(0 9 ? * 2#1 *)', '2026-11-20T12:00:00Z', 1)).toEqual(['2026-12-07T08:00:00.000Z']);
  });

  it('honours the year field and the time zone across daylight saving time', () => {
    expect(nextRuns('cron(0 9 1 * ? 2027)', '2026-11-20T12:00:00Z', 4)).toEqual([
      '2027-01-01T08:00:00.000Z',
      '2027-02-01T08:00:00.000Z',
      '2027-03-01T08:00:00.000Z',
      // Summer time from the last Sunday of March: 09:00 in Madrid is 07:00 UTC.
      '2027-04-01T07:00:00.000Z',
    ]);
  });

  it('requires exactly one of day-of-month and day-of-week to be ?', () => {
    expect(() => toCroner('cron(0 8 * * MON *)')).toThrow(/'\?'/);
    expect(() => toCroner('cron(0 8 ? * ? *)')).toThrow(/'\?'/);
    expect(() => toCroner('cron(0 8 * *)')).toThrow(/6 fields/);
  });

  it('accepts one-time at() schedules', () => {
    expect(nextRuns('at(2026-12-01T10:00:00)', '2026-11-20T12:00:00Z', 2)).toEqual([
      '2026-12-01T09:00:00.000Z',
    ]);
  });
});
