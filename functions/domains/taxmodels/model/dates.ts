/**
 * "Today" for the tax models: the calendar day in Spain (Europe/Madrid) of an instant. AEAT deadlines
 * are Spanish calendar days, so a Lambda running in UTC must read 00:30 on 1 April in Madrid as 1 April.
 */

const madridDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The ISO date (YYYY-MM-DD) in Europe/Madrid of `now`. */
export function madridToday(now: Date): string {
  const parts = Object.fromEntries(madridDate.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
