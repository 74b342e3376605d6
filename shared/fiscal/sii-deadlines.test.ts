import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  daysUntilDeadline,
  fifteenthOfNextMonth,
  isUrgent,
  madridDate,
  siiDeadline,
} from './sii-deadlines';

// Art. 69.Tres RIVA: four days "naturales" excluding Saturdays, Sundays and national holidays,
// counted from the day after the start.

describe('addWorkingDays', () => {
  it('counts Monday to Friday from the day after', () => {
    expect(addWorkingDays('2026-03-02', 4)).toBe('2026-03-06'); // Monday → Friday
    expect(addWorkingDays('2026-03-02', 0)).toBe('2026-03-02');
  });

  it('skips the weekend after a Friday', () => {
    expect(addWorkingDays('2026-03-06', 4)).toBe('2026-03-12'); // Friday → Thursday
    expect(addWorkingDays('2026-03-07', 4)).toBe('2026-03-12'); // Saturday counts from Monday
  });

  it('skips the Inmaculada (Tuesday 8 December 2026) and Christmas (Friday 25 December 2026)', () => {
    expect(addWorkingDays('2026-12-04', 4)).toBe('2026-12-11');
    expect(addWorkingDays('2026-12-21', 4)).toBe('2026-12-28');
  });

  it('skips Viernes Santo but not Jueves Santo nor Easter Monday (regional holidays)', () => {
    // Easter Sunday 2026 is 5 April: Viernes Santo is 3 April.
    expect(addWorkingDays('2026-04-01', 4)).toBe('2026-04-08');
  });

  it('crosses the year over 1 and 6 January', () => {
    expect(addWorkingDays('2026-12-30', 4)).toBe('2027-01-07');
  });

  it('counts back with a negative number', () => {
    expect(addWorkingDays('2026-12-11', -4)).toBe('2026-12-04');
  });

  it('refuses a fraction and a malformed date', () => {
    expect(() => addWorkingDays('2026-03-02', 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays('02-03-2026', 1)).toThrow(RangeError);
  });
});

describe('fifteenthOfNextMonth', () => {
  it('is the 15th of the following month, across the year', () => {
    expect(fifteenthOfNextMonth('2026-01-31')).toBe('2026-02-15');
    expect(fifteenthOfNextMonth('2026-12-01')).toBe('2027-01-15');
  });
});

describe('siiDeadline', () => {
  it('FE: four working days after the invoice date (a Friday issue ends on Thursday)', () => {
    expect(siiDeadline({ book: 'FE', issueDate: '2026-03-06' })).toBe('2026-03-12');
  });

  it('FE: never after the 15th of the month after the accrual (issued on the 14th)', () => {
    // Operation on 20 March, invoice on Tuesday 14 April: four working days would be 20 April.
    expect(siiDeadline({ book: 'FE', issueDate: '2026-04-14', operationDate: '2026-03-20' })).toBe(
      '2026-04-15',
    );
    // Without an earlier operation date the accrual is the issue: the cap is 15 May.
    expect(siiDeadline({ book: 'FE', issueDate: '2026-04-14' })).toBe('2026-04-20');
  });

  it('FE: in a leap year February has its 29th', () => {
    expect(siiDeadline({ book: 'FE', issueDate: '2028-02-25' })).toBe('2028-03-02');
  });

  it('FR: four working days after FechaRegContable, over 1 and 6 January', () => {
    expect(siiDeadline({ book: 'FR', issueDate: '2026-12-20', accountingDate: '2026-12-31' })).toBe(
      '2027-01-08',
    );
    // Without an accounting date the book date is the issue date.
    expect(siiDeadline({ book: 'FR', issueDate: '2028-02-29' })).toBe('2028-03-06');
  });

  it('RECC: four working days after the collection or payment, over Viernes Santo', () => {
    expect(siiDeadline({ book: 'RECC', issueDate: '2026-03-01', paymentDate: '2026-04-02' })).toBe(
      '2026-04-09',
    );
    expect(() => siiDeadline({ book: 'RECC', issueDate: '2026-03-01' })).toThrow(RangeError);
  });

  it("BI: the deadline of the year's last return (30 January, moved off a Saturday)", () => {
    expect(siiDeadline({ book: 'BI', issueDate: '2025-06-01', year: 2025 })).toBe('2026-01-30');
    // 30 January 2027 is a Saturday: the December 2026 return is due on Monday 1 February.
    expect(siiDeadline({ book: 'BI', issueDate: '2026-06-01' })).toBe('2027-02-01');
  });

  it('OI: four working days from the start of the transport (or the invoice date)', () => {
    expect(siiDeadline({ book: 'OI', issueDate: '2026-12-04' })).toBe('2026-12-11');
    expect(siiDeadline({ book: 'OI', issueDate: '2026-12-01', operationDate: '2026-12-21' })).toBe(
      '2026-12-28',
    );
  });
});

describe('daysUntilDeadline and isUrgent', () => {
  it('counts calendar days, negative when overdue', () => {
    expect(daysUntilDeadline('2026-12-11', '2026-12-08')).toBe(3);
    expect(daysUntilDeadline('2026-12-11', '2026-12-11')).toBe(0);
    expect(daysUntilDeadline('2026-12-11', '2026-12-14T09:00:00+01:00')).toBe(-3);
  });

  it('is urgent with one day or fewer left (SII_URGENT_DAYS), overdue included', () => {
    expect(isUrgent(2)).toBe(false);
    expect(isUrgent(1)).toBe(true);
    expect(isUrgent(0)).toBe(true);
    expect(isUrgent(-5)).toBe(true);
  });
});

describe('madridDate', () => {
  it('is the Madrid calendar date, not the UTC one', () => {
    expect(madridDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(madridDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
