/** Madrid days and instants for the notification analytics, history windows and the daily digest. Pure. */

import { addDays, daysBetween } from '@shared/fiscal/tax-calendar';

const madridDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/Madrid calendar day (yyyy-mm-dd) of an instant. */
export const madridDay = (at: Date): string => madridDayFormat.format(at);

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Madrid's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function madridOffsetMs(at: Date): number {
  const parts = Object.fromEntries(wallFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of `hour`:00 Madrid wall time on `day` (DST handled by asking the offset twice). */
export function madridInstant(day: string, hour = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  const first = guess - madridOffsetMs(new Date(guess));
  return new Date(guess - madridOffsetMs(new Date(first)));
}

/** The daily digest goes out at 08:00 Madrid (infra/manifest.ts schedule `notifications-digest`). */
export const DIGEST_HOUR = 8;

/** The next digest instant strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const today = madridDay(now);
  const at = madridInstant(today, DIGEST_HOUR);
  return at.getTime() > now.getTime() ? at : madridInstant(addDays(today, 1), DIGEST_HOUR);
}

/** Days from `from` to `to`, both included. */
export const daysIncluded = (from: string, to: string): number => daysBetween(from, to) + 1;

/** Every day of [from, to]. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The 13-digit epoch-ms prefix notification ids start with, for an instant. */
export const idTimePrefix = (at: Date | number): string =>
  String(typeof at === 'number' ? at : at.getTime()).padStart(13, '0');
