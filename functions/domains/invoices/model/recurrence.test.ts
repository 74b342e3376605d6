import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInMonth,
  fillPlaceholders,
  firstOccurrence,
  isoDate,
  nextOccurrence,
  occurrence,
  occurrenceNumber,
  occurrencesBetween,
  parseIsoDate,
  type RecurrenceRule,
} from './recurrence';

const anyDate = fc
  .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
  .chain(({ year, month }) =>
    fc.integer({ min: 1, max: daysInMonth(year, month) }).map((day) => isoDate(year, month, day)),
  );

const anyRule: fc.Arbitrary<RecurrenceRule> = fc
  .record({
    frequency: fc.constantFrom('MONTHLY' as const, 'QUARTERLY' as const, 'YEARLY' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    startDate: anyDate,
    endOffsetDays: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
    maxOccurrences: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
    dayOfMonth: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant('LAST' as const)),
  })
  .map(({ endOffsetDays, ...r }) => ({
    ...r,
    endDate: endOffsetDays === null ? null : addDays(r.startDate, endOffsetDays),
  }));

/** The whole sequence (bounded, so open-ended rules stop after 60 occurrences). */
function sequence(rule: RecurrenceRule, max = 60): string[] {
  const out: string[] = [];
  let d = firstOccurrence(rule);
  while (d && out.length < max) {
    out.push(d);
    d = nextOccurrence(rule, d);
  }
  return out;
}

const monthIndex = (iso: string) => {
  const { year, month } = parseIsoDate(iso);
  return year * 12 + month - 1;
};
const months = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 } as const;

describe('recurrence: properties', () => {
  it('every next date is strictly after the previous one and within start, end and count', () => {
    fc.assert(
      fc.property(anyRule, (rule) => {
        const seq = sequence(rule);
        for (let i = 1; i < seq.length; i++) expect(seq[i]! > seq[i - 1]!).toBe(true);
        for (const d of seq) {
          expect(d >= rule.startDate).toBe(true);
          if (rule.endDate) expect(d <= rule.endDate).toBe(true);
        }
        if (rule.maxOccurrences) expect(seq.length).toBeLessThanOrEqual(rule.maxOccurrences);
      }),
    );
  });

  it('occurrences are exactly one period apart and fall on the chosen day (clamped with LAST)', () => {
    fc.assert(
      fc.property(anyRule, (rule) => {
        const seq = sequence(rule);
        const step = months[rule.frequency] * rule.interval;
        for (let i = 1; i < seq.length; i++) {
          expect(monthIndex(seq[i]!) - monthIndex(seq[i - 1]!)).toBe(step);
        }
        for (const d of seq) {
          const { year, month, day } = parseIsoDate(d);
          expect(day).toBe(rule.dayOfMonth === 'LAST' ? daysInMonth(year, month) : rule.dayOfMonth);
        }
      }),
    );
  });

  it('the first occurrence is in the start month or the next period, never a period later', () => {
    fc.assert(
      fc.property(anyRule, (rule) => {
        const first = firstOccurrence(rule);
        if (!first) return;
        const offset = monthIndex(first) - monthIndex(rule.startDate);
        expect([0, months[rule.frequency] * rule.interval]).toContain(offset);
      }),
    );
  });

  it('numbers occurrences 1, 2, 3... and respects maxOccurrences and endDate', () => {
    fc.assert(
      fc.property(anyRule, (rule) => {
        const seq = sequence(rule);
        seq.forEach((d, i) => {
          expect(occurrenceNumber(rule, d)).toBe(i + 1);
          expect(occurrence(rule, i + 1)).toBe(d);
        });
        // The sequence stops exactly where a limit says so.
        if (seq.length < 60) expect(occurrence(rule, seq.length + 1)).toBeNull();
      }),
    );
  });

  it('the next occurrence after any date is after it, and none is skipped in between', () => {
    fc.assert(
      fc.property(anyRule, anyDate, (rule, after) => {
        const next = nextOccurrence(rule, after);
        const seq = sequence(rule, 2_000);
        const expected = seq.find((d) => d > after) ?? null;
        if (seq.length < 2_000 || expected) expect(next).toBe(expected);
        if (next) expect(next > after).toBe(true);
      }),
    );
  });

  it('occurrencesBetween lists exactly the sequence within the range', () => {
    fc.assert(
      fc.property(anyRule, anyDate, fc.integer({ min: 0, max: 800 }), (rule, from, days) => {
        const to = addDays(from, days);
        const seq = sequence(rule, 2_000).filter((d) => d >= from && d <= to);
        expect(occurrencesBetween(rule, from, to)).toEqual(seq);
      }),
    );
  });

  it('ends at the end of the calendar instead of looping (every 4 years from 2099)', () => {
    const rule: RecurrenceRule = {
      frequency: 'YEARLY',
      interval: 4,
      startDate: '9990-01-01',
      dayOfMonth: 1,
    };

    expect(sequence(rule)).toEqual(['9990-01-01', '9994-01-01', '9998-01-01']);
    expect(nextOccurrence(rule, '9998-01-01')).toBeNull();
    expect(occurrencesBetween(rule, '9990-01-01', '9999-12-31')).toHaveLength(3);
  });

  it('dates that are not occurrences have no number', () => {
    fc.assert(
      fc.property(anyRule, anyDate, (rule, d) => {
        const n = occurrenceNumber(rule, d);
        if (n !== null) expect(occurrence(rule, n)).toBe(d);
        else expect(sequence(rule, 2_000)).not.toContain(d);
      }),
    );
  });
});

describe('recurrence: month ends and leap years', () => {
  const monthly = (over: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
    frequency: 'MONTHLY',
    interval: 1,
    startDate: '2026-01-31',
    dayOfMonth: 'LAST',
    ...over,
  });

  it('LAST bills on the 31st, 28th, 31st, 30th...', () => {
    expect(sequence(monthly(), 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });

  it('LAST takes 29 February in a leap year (2028) and 28 in a common one', () => {
    expect(sequence(monthly({ startDate: '2028-01-15' }), 2)).toEqual(['2028-01-31', '2028-02-29']);
    const yearly = monthly({ frequency: 'YEARLY', startDate: '2027-02-01' });
    expect(sequence(yearly, 3)).toEqual(['2027-02-28', '2028-02-29', '2029-02-28']);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('a day before the start moves the first occurrence to the next period', () => {
    expect(firstOccurrence(monthly({ startDate: '2026-03-15', dayOfMonth: 1 }))).toBe('2026-04-01');
    expect(firstOccurrence(monthly({ startDate: '2026-03-15', dayOfMonth: 15 }))).toBe('2026-03-15');
    const quarterly = monthly({ frequency: 'QUARTERLY', startDate: '2026-03-15', dayOfMonth: 1 });
    expect(sequence(quarterly, 3)).toEqual(['2026-06-01', '2026-09-01', '2026-12-01']);
  });

  it('every 2 months, 3 times at most, until an end date', () => {
    const rule = monthly({ interval: 2, startDate: '2026-01-10', dayOfMonth: 10, maxOccurrences: 3 });
    expect(sequence(rule)).toEqual(['2026-01-10', '2026-03-10', '2026-05-10']);
    expect(sequence({ ...rule, maxOccurrences: null, endDate: '2026-07-09' })).toEqual([
      '2026-01-10',
      '2026-03-10',
      '2026-05-10',
    ]);
    expect(firstOccurrence({ ...rule, startDate: '2026-01-11', endDate: '2026-03-09' })).toBeNull();
  });
});

describe('placeholders', () => {
  it('writes the Spanish month, year and quarter of the occurrence', () => {
    expect(fillPlaceholders('Cuota de mantenimiento {MES} {AÑO}', '2026-03-01')).toBe(
      'Cuota de mantenimiento marzo 2026',
    );
    expect(fillPlaceholders('Servicio {TRIMESTRE} {ANO} ({mes})', '2026-11-30')).toBe(
      'Servicio 4T 2026 (noviembre)',
    );
    expect(fillPlaceholders('Sin marcadores {OTRO}', '2026-01-01')).toBe('Sin marcadores {OTRO}');
  });
});
