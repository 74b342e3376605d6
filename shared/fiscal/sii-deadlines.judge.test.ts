/**
 * Judge's tests of the SII deadlines (issue 16 item 4) over holiday weeks, written from the law and
 * not from the implementation.
 *
 * The rule (art. 69.Tres RIVA, RD 1624/1992 as worded by RD 596/2016):
 *  - issued invoices: four days from the issue, and in any case before the 16th of the month after
 *    the month of the accrual (devengo);
 *  - received invoices: four days from the accounting registration (FechaRegContable), and in any
 *    case before the 16th of the month after the period in which they are declared (the period of
 *    the registration: the record's PeriodoLiquidacion);
 *  - "en el cómputo del plazo de cuatro días naturales se excluirán los sábados, los domingos y los
 *    declarados festivos nacionales": the count starts the day after the issue (or booking) and only
 *    working days count, so the deadline is the fourth working day after it.
 *
 * National holidays: the ones of the whole of Spain (RD 2001/1983 art. 45.1, published yearly by the
 * Dirección General de Trabajo): 1 Jan, 6 Jan (Epifanía: substitutable, but kept by every region),
 * Viernes Santo, 1 May, 15 Aug, 12 Oct, 1 Nov, 6 Dec, 8 Dec, 25 Dec. Jueves Santo is NOT national: it
 * is one of the holidays art. 45.1.d lets each Comunidad Autónoma replace, and Cataluña (and in some
 * years the Comunitat Valenciana and Cantabria) replaces it, so it does not stop the count; nor does
 * Lunes de Pascua (regional) nor the Monday after a national holiday that falls on a Sunday (each
 * region decides whether to move it: 7 Dec 2026 and 2 Nov 2026 are working days nationally).
 * Checked with the `search` tool (corpus "pages"): menorca.info 2014-10-24 and 2017-10-11 and
 * rrhhdigital.com (BOE calendars: "siete/nueve fiestas nacionales no sustituibles … Jueves Santo …
 * todas las comunidades salvo Cataluña"; "el lunes siguiente a Todos los Santos será festivo en
 * Andalucía, Aragón, …" — regional). OCA l10n-spain issue threads (corpus "issues") were used for the
 * SII content side, not for this file.
 *
 * Every expected date below is counted by hand in the comment next to it.
 */

import { describe, expect, it } from 'vitest';
import { addWorkingDays, fifteenthOfNextMonth, siiDeadline } from './sii-deadlines';

/**
 * National holidays 2025–2029 (Viernes Santo: Easter 20-4-2025, 5-4-2026, 28-3-2027, 16-4-2028,
 * 1-4-2029); 2029 because deadlines of late December 2028 run into it.
 */
const NATIONAL_HOLIDAYS = new Set(
  [2025, 2026, 2027, 2028, 2029].flatMap((y) =>
    ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'].map((d) => `${y}-${d}`),
  ),
);
for (const goodFriday of ['2025-04-18', '2026-04-03', '2027-03-26', '2028-04-14', '2029-03-30'])
  NATIONAL_HOLIDAYS.add(goodFriday);

const nextDay = (iso: string): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const isWorking = (iso: string): boolean => {
  const wd = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6 && !NATIONAL_HOLIDAYS.has(iso);
};
/** Independent oracle: the fourth working day after `iso` (the day itself not counted). */
const fourthWorkingDayAfter = (iso: string): string => {
  let d = iso;
  let counted = 0;
  while (counted < 4) {
    d = nextDay(d);
    if (isWorking(d)) counted++;
  }
  return d;
};

const fe = (issueDate: string, operationDate?: string) =>
  siiDeadline({ book: 'FE', issueDate, operationDate: operationDate ?? null });
const fr = (issueDate: string, accountingDate?: string) =>
  siiDeadline({ book: 'FR', issueDate, accountingDate: accountingDate ?? null });

describe('SII deadline of issued invoices over holiday weeks (art. 69.Tres RIVA)', () => {
  it('Constitución (Sun 6 Dec 2026, not moved to Monday nationally) and Inmaculada (Tue 8 Dec 2026)', () => {
    // Thu 3: Fri 4 (1), Mon 7 (2), [Tue 8 holiday], Wed 9 (3), Thu 10 (4).
    expect(fe('2026-12-03')).toBe('2026-12-10');
    // Fri 4: Mon 7 (1), Wed 9 (2), Thu 10 (3), Fri 11 (4). Monday 7 Dec counts: a region moving
    // the Sunday holiday to Monday does not make it national.
    expect(fe('2026-12-04')).toBe('2026-12-11');
    // Sat 5 (issued on a Saturday): Mon 7 (1), Wed 9 (2), Thu 10 (3), Fri 11 (4).
    expect(fe('2026-12-05')).toBe('2026-12-11');
    // Mon 7: Wed 9 (1), Thu 10 (2), Fri 11 (3), Mon 14 (4).
    expect(fe('2026-12-07')).toBe('2026-12-14');
    // Tue 8 (issued on the holiday itself): Wed 9 (1), Thu 10 (2), Fri 11 (3), Mon 14 (4).
    expect(fe('2026-12-08')).toBe('2026-12-14');
  });

  it('Christmas 2026 and New Year 2027, with 1 Jan (Fri) and Epifanía (Wed 6 Jan 2027)', () => {
    // Wed 23: Thu 24 (1, Nochebuena is a working day), [Fri 25], Mon 28 (2), Tue 29 (3), Wed 30 (4).
    expect(fe('2026-12-23')).toBe('2026-12-30');
    // Thu 24: Mon 28 (1), Tue 29 (2), Wed 30 (3), Thu 31 (4).
    expect(fe('2026-12-24')).toBe('2026-12-31');
    // Mon 28: Tue 29 (1), Wed 30 (2), Thu 31 (3), [Fri 1 Jan], Mon 4 Jan (4).
    expect(fe('2026-12-28')).toBe('2027-01-04');
    // Wed 30: Thu 31 (1), Mon 4 (2), Tue 5 (3), [Wed 6], Thu 7 (4).
    expect(fe('2026-12-30')).toBe('2027-01-07');
    // Thu 31: Mon 4 (1), Tue 5 (2), Thu 7 (3), Fri 8 (4).
    expect(fe('2026-12-31')).toBe('2027-01-08');
    // Mon 4 Jan: Tue 5 (1), Thu 7 (2), Fri 8 (3), Mon 11 (4).
    expect(fe('2027-01-04')).toBe('2027-01-11');
  });

  it('Easter 2027: Viernes Santo (26 Mar) stops the count; Jueves Santo and Lunes de Pascua do not', () => {
    // Decision: Jueves Santo is not a national holiday (RD 2001/1983 art. 45.1.d, replaced in
    // Cataluña), Lunes de Pascua is regional. Tue 23: Wed 24 (1), Thu 25 (2), [Fri 26], Mon 29 (3), Tue 30 (4).
    expect(fe('2027-03-23')).toBe('2027-03-30');
    // Wed 24: Thu 25 (1), Mon 29 (2), Tue 30 (3), Wed 31 (4).
    expect(fe('2027-03-24')).toBe('2027-03-31');
    // Thu 25: Mon 29 (1), Tue 30 (2), Wed 31 (3), Thu 1 Apr (4).
    expect(fe('2027-03-25')).toBe('2027-04-01');
    // Fri 26 (the holiday): same as above.
    expect(fe('2027-03-26')).toBe('2027-04-01');
  });

  it('15 August on a weekday (Fri 2025, Tue 2028)', () => {
    // Wed 13 Aug 2025: Thu 14 (1), [Fri 15], Mon 18 (2), Tue 19 (3), Wed 20 (4).
    expect(fe('2025-08-13')).toBe('2025-08-20');
    // Thu 14 Aug 2025: Mon 18 (1), Tue 19 (2), Wed 20 (3), Thu 21 (4).
    expect(fe('2025-08-14')).toBe('2025-08-21');
    // Fri 11 Aug 2028: Mon 14 (1), [Tue 15], Wed 16 (2), Thu 17 (3), Fri 18 (4).
    expect(fe('2028-08-11')).toBe('2028-08-18');
  });

  it('12 October 2026 (Monday) and a Friday issue before it', () => {
    // Thu 8: Fri 9 (1), [Mon 12], Tue 13 (2), Wed 14 (3), Thu 15 (4).
    expect(fe('2026-10-08')).toBe('2026-10-15');
    // Fri 9: Tue 13 (1), Wed 14 (2), Thu 15 (3), Fri 16 (4).
    expect(fe('2026-10-09')).toBe('2026-10-16');
  });

  it('1 November 2026 on a Sunday: Monday 2 November is a working day nationally', () => {
    // Thu 29 Oct: Fri 30 (1), Mon 2 Nov (2), Tue 3 (3), Wed 4 (4).
    expect(fe('2026-10-29')).toBe('2026-11-04');
    // Fri 30 Oct: Mon 2 (1), Tue 3 (2), Wed 4 (3), Thu 5 (4).
    expect(fe('2026-10-30')).toBe('2026-11-05');
  });

  it('a Friday issue in an ordinary week ends on Thursday', () => {
    // Fri 20 Nov 2026: Mon 23 (1), Tue 24 (2), Wed 25 (3), Thu 26 (4).
    expect(fe('2026-11-20')).toBe('2026-11-26');
    // Fri 15 May 2026: Mon 18 … Thu 21.
    expect(fe('2026-05-15')).toBe('2026-05-21');
  });

  it('the "antes del día 16 del mes siguiente" cap, counted from the month of the accrual', () => {
    // Accrual 20 Feb 2027, invoice issued Thu 11 Mar: four days end Wed 17 Mar, but the cap of the
    // February accrual is 15 Mar (Monday).
    expect(fe('2027-03-11', '2027-02-20')).toBe('2027-03-15');
    // Accrual 27 Nov 2026, invoice Fri 11 Dec: Mon 14, Tue 15, Wed 16, Thu 17 → capped at Tue 15 Dec.
    expect(fe('2026-12-11', '2026-11-27')).toBe('2026-12-15');
    // Accrual 30 Nov 2026, invoice Thu 3 Dec: the four days (10 Dec) end before the cap.
    expect(fe('2026-12-03', '2026-11-30')).toBe('2026-12-10');
    // An accrual in the same month changes nothing.
    expect(fe('2026-12-04', '2026-12-01')).toBe('2026-12-11');
    expect(fifteenthOfNextMonth('2026-12-10')).toBe('2027-01-15');
  });

  it('matches an independent count on every day of 2025–2028', () => {
    const wrong: string[] = [];
    for (let d = '2025-01-01'; d <= '2028-12-31'; d = nextDay(d)) {
      const want = fourthWorkingDayAfter(d);
      const got = fe(d);
      if (got !== want) wrong.push(`${d}: ${got} (law: ${want})`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('SII deadline of received invoices: from the accounting registration (FechaRegContable)', () => {
  it('a received invoice booked weeks after its issue counts from the booking, not the issue', () => {
    // Issued 20 Oct 2026, booked Thu 3 Dec: Fri 4 (1), Mon 7 (2), [Tue 8], Wed 9 (3), Thu 10 (4).
    // Its period is December (the registration), so the cap is 15 Jan 2027, not 15 Nov 2026.
    expect(fr('2026-10-20', '2026-12-03')).toBe('2026-12-10');
    // Issued 10 Sep 2026, booked Thu 8 Oct: Fri 9 (1), [Mon 12], Tue 13 (2), Wed 14 (3), Thu 15 (4).
    expect(fr('2026-09-10', '2026-10-08')).toBe('2026-10-15');
    // Issued 1 Dec 2026, booked Mon 28 Dec: Tue 29, Wed 30, Thu 31, [Fri 1 Jan], Mon 4 Jan 2027.
    expect(fr('2026-12-01', '2026-12-28')).toBe('2027-01-04');
    // Booked Wed 24 Mar 2027 (Easter week): Thu 25, [Fri 26], Mon 29, Tue 30, Wed 31.
    expect(fr('2027-02-15', '2027-03-24')).toBe('2027-03-31');
    // Booked on Friday 4 Dec 2026: Mon 7, [Tue 8], Wed 9, Thu 10, Fri 11.
    expect(fr('2026-11-02', '2026-12-04')).toBe('2026-12-11');
  });

  it('without a booking date the issue date starts the count', () => {
    // Fri 9 Oct 2026: Tue 13 … Fri 16.
    expect(fr('2026-10-09')).toBe('2026-10-16');
  });

  it('the booking date, not the issue date, drives the holidays skipped', () => {
    // Same issue date, two booking dates a week apart, two different holiday weeks.
    expect(fr('2026-11-25', '2026-11-30')).toBe('2026-12-04'); // Tue 1, Wed 2, Thu 3, Fri 4.
    expect(fr('2026-11-25', '2026-12-07')).toBe('2026-12-14'); // Wed 9, Thu 10, Fri 11, Mon 14.
  });
});

describe('the other books over holiday weeks', () => {
  it('OI: four working days from the start of the transport (art. 69.Tres RIVA, 4.º)', () => {
    // Transport started Fri 4 Dec 2026 (invoice dated 1 Dec): Mon 7, [Tue 8], Wed 9, Thu 10, Fri 11.
    expect(siiDeadline({ book: 'OI', issueDate: '2026-12-01', operationDate: '2026-12-04' })).toBe(
      '2026-12-11',
    );
  });

  it('RECC: four working days from the collection or payment', () => {
    // Collected Thu 24 Dec 2026: [Fri 25], Mon 28, Tue 29, Wed 30, Thu 31.
    expect(siiDeadline({ book: 'RECC', issueDate: '2026-11-02', paymentDate: '2026-12-24' })).toBe(
      '2026-12-31',
    );
    // Collected Wed 30 Dec 2026: Thu 31, [Fri 1 Jan], Mon 4, Tue 5, [Wed 6], Thu 7 Jan 2027.
    expect(siiDeadline({ book: 'RECC', issueDate: '2026-11-02', paymentDate: '2026-12-30' })).toBe(
      '2027-01-07',
    );
  });

  it('BI: within the period of the last return of the year (30 January for a monthly SII filer)', () => {
    // Art. 71.4 RIVA: the December return within the first thirty days of January; 30 Jan 2026 is a Friday.
    expect(siiDeadline({ book: 'BI', issueDate: '2025-03-10', year: 2025 })).toBe('2026-01-30');
  });
});

describe('addWorkingDays (the counting primitive) over the same holidays', () => {
  it('skips weekends and national holidays only', () => {
    expect(addWorkingDays('2026-12-04', 4)).toBe('2026-12-11');
    expect(addWorkingDays('2026-12-30', 4)).toBe('2027-01-07');
    expect(addWorkingDays('2027-03-24', 1)).toBe('2027-03-25'); // Jueves Santo: working nationally.
    expect(addWorkingDays('2027-03-25', 1)).toBe('2027-03-29'); // Viernes Santo skipped.
    expect(addWorkingDays('2026-10-30', 1)).toBe('2026-11-02'); // Monday after 1 Nov (Sunday).
  });
});
