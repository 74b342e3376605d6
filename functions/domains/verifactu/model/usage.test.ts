import { PLAN_CODES, plans } from '@shared/schemas/billing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MONTHLY_LIMIT,
  MONTHLY_RECORDS,
  madridMonth,
  usageCounterName,
  usageLevel,
  usageOf,
  usagePlanOf,
} from './usage';

describe('VeriFacTu usage', () => {
  it('OK up to 80 % included, WARNING above 80 %, EXCEEDED above 100 % (100 % itself is a warning)', () => {
    expect(usageLevel(0, 500)).toBe('OK');
    expect(usageLevel(400, 500)).toBe('OK');
    expect(usageLevel(401, 500)).toBe('WARNING');
    expect(usageLevel(500, 500)).toBe('WARNING');
    expect(usageLevel(501, 500)).toBe('EXCEEDED');
    expect(usageLevel(80, 100)).toBe('OK');
    expect(usageLevel(81, 100)).toBe('WARNING');
    expect(usageLevel(100, 100)).toBe('WARNING');
    expect(usageLevel(101, 100)).toBe('EXCEEDED');
  });

  it('the level is monotonic in usage and agrees with the exact percentage (integers, no float error)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (used, limit) => {
          const level = usageLevel(used, limit);
          const expected = used > limit ? 'EXCEEDED' : used * 5 > limit * 4 ? 'WARNING' : 'OK';
          expect(level).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the default plan is Plan Básico with the documented monthly allowance; unknown plans fall back to it', () => {
    expect(usagePlanOf(undefined)).toEqual({ planName: 'Plan Básico', monthlyLimit: DEFAULT_MONTHLY_LIMIT });
    expect(usagePlanOf('NOPE').planName).toBe('Plan Básico');
  });

  it("a subscriber's plan gives its catalogue name and its own allowance", () => {
    expect(usagePlanOf('STANDARD_STARTER')).toEqual({ planName: 'Autónomo Starter', monthlyLimit: 500 });
    expect(usagePlanOf('GESTORIA_PROFESSIONAL')).toEqual({
      planName: 'Gestoría Professional',
      monthlyLimit: 10_000,
    });
    for (const code of PLAN_CODES) {
      expect(usagePlanOf(code).planName).toBe(plans[code].planName);
      expect(usagePlanOf(code).monthlyLimit).toBe(MONTHLY_RECORDS[code]);
    }
  });

  it('usageOf: percentage with two decimals, never negative', () => {
    expect(usageOf(401, '2027-01')).toEqual({
      currentUsage: 401,
      limit: 500,
      period: '2027-01',
      planName: 'Plan Básico',
      percentage: 80.2,
      level: 'WARNING',
    });
    expect(usageOf(-3, '2027-01')).toMatchObject({ currentUsage: 0, percentage: 0, level: 'OK' });
  });

  it('the month is the Madrid month (winter +01:00, summer +02:00)', () => {
    expect(madridMonth(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12');
    expect(madridMonth(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01');
    expect(madridMonth(new Date('2027-07-31T21:59:59Z'))).toBe('2027-07');
    expect(madridMonth(new Date('2027-07-31T22:00:00Z'))).toBe('2027-08');
    expect(usageCounterName('2027-01')).toBe('usage_2027-01');
  });
});
