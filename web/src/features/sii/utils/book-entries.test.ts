import { describe, expect, it } from 'vitest';
import {
  bookPeriodOptions,
  defaultBookPeriod,
  entryDeadline,
  isEntryOpen,
  listPeriod,
  periodForBook,
  periodText,
  queryPeriod,
  reconciliationView,
  WHOLE_YEAR,
} from './book-entries';

const open = { status: 'QUEUED', withdrawn: false, pendingOperation: 'A0', deadline: '2027-03-08' } as const;

describe('the periods of a book', () => {
  it('offers the months and the whole year, and only 0A for the annual BI book', () => {
    const fe = bookPeriodOptions('FE');
    expect(fe).toHaveLength(13);
    expect(fe[0]).toEqual({ value: WHOLE_YEAR, label: 'Todo el año' });
    expect(fe[3]).toEqual({ value: '03', label: 'Marzo' });
    expect(bookPeriodOptions('BI')).toEqual([{ value: '0A', label: 'Anual (0A)' }]);
  });

  it('starts on the current month (0A for BI) and keeps the month when the book changes', () => {
    expect(defaultBookPeriod('FR', '2027-03-04')).toBe('03');
    expect(defaultBookPeriod('BI', '2027-03-04')).toBe('0A');
    expect(periodForBook('BI', '05', '2027-03-04')).toBe('0A');
    expect(periodForBook('FE', '0A', '2027-03-04')).toBe('03');
    expect(periodForBook('OI', '05', '2027-03-04')).toBe('05');
    expect(periodForBook('RECC', WHOLE_YEAR, '2027-03-04')).toBe(WHOLE_YEAR);
  });

  it('lists the whole year without a period, and queries only one period', () => {
    expect(listPeriod(WHOLE_YEAR)).toBeUndefined();
    expect(listPeriod('03')).toBe('03');
    expect(queryPeriod(WHOLE_YEAR)).toBeNull();
    expect(queryPeriod('0A')).toBe('0A');
    expect(periodText({ year: 2027, period: '03' })).toBe('03/2027');
    expect(periodText({ year: 2026, period: '0A' })).toBe('2026 (anual)');
  });
});

describe('a record in its book', () => {
  it('is urgent with one day or fewer left, overdue once past (Spanish calendar days)', () => {
    expect(entryDeadline(open, '2027-03-04')).toEqual({ days: 4, urgent: false, overdue: false });
    expect(entryDeadline(open, '2027-03-07')).toEqual({ days: 1, urgent: true, overdue: false });
    expect(entryDeadline(open, '2027-03-08')).toEqual({ days: 0, urgent: true, overdue: false });
    expect(entryDeadline(open, '2027-03-10')).toEqual({ days: -2, urgent: false, overdue: true });
  });

  it('has no running deadline once accepted, nor when withdrawn before the AEAT held it', () => {
    expect(entryDeadline({ ...open, status: 'ACCEPTED' }, '2027-03-10')).toBeNull();
    const inert = { ...open, status: 'NOT_SENT', withdrawn: true, pendingOperation: null } as const;
    expect(isEntryOpen(inert)).toBe(false);
    // A baja still due keeps its deadline.
    expect(isEntryOpen({ ...inert, pendingOperation: 'BAJA', status: 'QUEUED' })).toBe(true);
    expect(isEntryOpen({ ...open, status: 'REJECTED' })).toBe(true);
  });

  it('reads the last ConsultaLR comparison', () => {
    expect(reconciliationView({ reconciliation: null })).toMatchObject({ label: 'Sin consultar' });
    expect(
      reconciliationView({
        reconciliation: { checkedAt: '2027-03-05T10:00:00Z', aeatState: 'Correcta', matches: true },
      }),
    ).toEqual({ label: 'Coincide', color: 'green', detail: 'La AEAT lo tiene como «Correcta»' });
    expect(
      reconciliationView({
        reconciliation: { checkedAt: '2027-03-05T10:00:00Z', aeatState: null, matches: false },
      }),
    ).toEqual({ label: 'No coincide', color: 'red', detail: 'La AEAT no tiene el registro' });
  });
});
