/**
 * Europe/Madrid wall time and instants, for meetings: the modal offers Madrid dates and times
 * (`2027-03-29` at `10:00`), the data stores ISO instants (`2027-03-29T08:00:00.000Z`). The offset
 * is read from the platform's time-zone database (Intl), so the summer-time switches (last Sunday
 * of March and of October) are right without a hand-written rule.
 */

import { madridDate } from '@shared/fiscal/sii-deadlines';

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Madrid's offset from UTC at an instant, in minutes (+60 in winter, +120 in summer). */
export function madridOffsetMinutes(at: Date): number {
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  const p = Object.fromEntries(madridParts.formatToParts(new Date(whole)).map((x) => [x.type, x.value]));
  const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((local - whole) / 60_000);
}

/**
 * The instant of a Madrid wall time (`yyyy-mm-dd`, `HH:mm`) as an ISO string. A wall time that does
 * not exist (the skipped hour of the spring switch) is read with the winter offset, i.e. an hour
 * later on the clock; the repeated hour of the autumn switch is read as its first (summer) pass.
 */
export function madridInstant(date: string, time: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The instant lies a few hours before the wall time read as UTC: the offsets in force around it
  // are the candidates; one is right when the instant it gives has that same offset.
  const candidates = [
    ...new Set([madridOffsetMinutes(new Date(asUtc - 3 * 3_600_000)), madridOffsetMinutes(new Date(asUtc))]),
  ];
  const valid = candidates.filter((o) => madridOffsetMinutes(new Date(asUtc - o * 60_000)) === o);
  const offset = valid.length > 0 ? Math.max(...valid) : Math.min(...candidates);
  const instant = asUtc - offset * 60_000;
  return new Date(instant).toISOString();
}

/** The Madrid calendar date of an instant (yyyy-mm-dd). */
export const madridDay = (at: Date | string): string =>
  madridDate(typeof at === 'string' ? new Date(at) : at);

/** The Madrid wall-clock time of an instant (HH:mm). */
export function madridClock(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const p = Object.fromEntries(madridParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}`;
}

/** dd/mm/yyyy of a yyyy-mm-dd date, for messages. */
export const dateEs = (date: string): string =>
  `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * How long until a start, in Spanish (spec part 3 §9 appointment time): under 60 minutes in
 * minutes, under a day in hours and minutes, otherwise days and hours.
 */
export function untilText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (m < 60) return plural(m, 'minuto', 'minutos');
  if (m < 1440) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0
      ? plural(h, 'hora', 'horas')
      : `${plural(h, 'hora', 'horas')} y ${plural(rest, 'minuto', 'minutos')}`;
  }
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  return hours === 0
    ? plural(days, 'día', 'días')
    : `${plural(days, 'día', 'días')} y ${plural(hours, 'hora', 'horas')}`;
}
