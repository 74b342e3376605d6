/**
 * "Today" for the tax domain: the calendar day in Spain (Europe/Madrid) of an instant. AEAT
 * deadlines are Spanish calendar days, so a Lambda running in UTC must read 00:30 on 1 April in
 * Madrid (22:30 UTC on 31 March, summer time) as 1 April, not as the UTC day.
 */

const madridDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The ISO date (YYYY-MM-DD) in Europe/Madrid of `now`. */
export function madridToday(now: Date): string {
  // en-CA formats as YYYY-MM-DD; formatToParts keeps it independent of the locale data's separator.
  const parts = Object.fromEntries(madridDate.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first day of the month of an ISO date: '2026-11-26' → '2026-11-01'. */
export function madridMonthStart(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`Not an ISO date: ${today}`);
  return `${today.slice(0, 7)}-01`;
}

/** The year of an ISO date, as a number. */
export const yearOf = (isoDate: string): number => Number(isoDate.slice(0, 4));
