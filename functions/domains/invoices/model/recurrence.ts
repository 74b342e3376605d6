/**
 * Calendar rules of recurring invoices, pure and on ISO dates (YYYY-MM-DD) only: integer month
 * arithmetic, never a `Date` in a time zone, so a schedule in Madrid and a test in UTC agree.
 *
 * A rule produces a sequence of occurrences anchored at the month of `startDate`: one every
 * `interval` periods (1, 3 or 12 months per period), on `dayOfMonth` (1–28, which every month has,
 * or 'LAST': 31 January, 28/29 February, 30 April...). Occurrences before `startDate` are skipped;
 * the sequence stops after `endDate` and after `maxOccurrences` occurrences, whichever comes first.
 */

import type { DayOfMonth, RecurringFrequency } from '@shared/schemas/recurring-invoices';

export interface RecurrenceRule {
  frequency: RecurringFrequency;
  /** Every N periods (1 = every month / quarter / year). */
  interval: number;
  startDate: string;
  endDate?: string | null;
  maxOccurrences?: number | null;
  dayOfMonth: DayOfMonth;
}

export const MONTHS_PER_PERIOD: Record<RecurringFrequency, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

const stepOf = (rule: RecurrenceRule) => MONTHS_PER_PERIOD[rule.frequency] * Math.max(1, rule.interval);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Days of a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

export function parseIsoDate(iso: string): Ymd {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

export const isoDate = (year: number, month: number, day: number) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Months since year 0: consecutive months are consecutive integers. */
const monthIndex = (iso: string) => {
  const { year, month } = parseIsoDate(iso);
  return year * 12 + (month - 1);
};

/**
 * After the last ISO date: a 5-digit year would sort BEFORE '9999-…' as text and send the loops
 * below round forever (found by the property tests: every 4 years, 2,000 times). Greater than
 * every date as text, and never returned as an occurrence.
 */
const BEYOND_CALENDAR = '~';

/** The date of `dayOfMonth` in the month with that index (clamped to the month's last day). */
function dateInMonth(index: number, dayOfMonth: DayOfMonth): string {
  const year = Math.floor(index / 12);
  if (year > 9999) return BEYOND_CALENDAR;
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const day = dayOfMonth === 'LAST' ? last : Math.min(dayOfMonth, last);
  return isoDate(year, month, day);
}

/** Adds days to an ISO date (UTC arithmetic on a calendar date: no time zone can shift it). */
export function addDays(iso: string, days: number): string {
  const { year, month, day } = parseIsoDate(iso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The k-th candidate of the sequence (k ≥ 0), before the start/end/count limits apply. */
const candidate = (rule: RecurrenceRule, k: number) =>
  dateInMonth(monthIndex(rule.startDate) + k * stepOf(rule), rule.dayOfMonth);

/** The candidate index of occurrence number 1: the start month's own date, unless it is before the start. */
const firstIndex = (rule: RecurrenceRule) => (candidate(rule, 0) >= rule.startDate ? 0 : 1);

/** Occurrence number n (1-based) within the limits, or null when the sequence has ended by then. */
export function occurrence(rule: RecurrenceRule, n: number): string | null {
  if (n < 1 || !Number.isInteger(n)) return null;
  if (rule.maxOccurrences != null && n > rule.maxOccurrences) return null;
  const date = candidate(rule, firstIndex(rule) + n - 1);
  if (date === BEYOND_CALENDAR || (rule.endDate && date > rule.endDate)) return null;
  return date;
}

export const firstOccurrence = (rule: RecurrenceRule): string | null => occurrence(rule, 1);

/** The 1-based number of an occurrence date, or null when the date is not one of the rule's. */
export function occurrenceNumber(rule: RecurrenceRule, date: string): number | null {
  const offset = monthIndex(date) - monthIndex(rule.startDate);
  const step = stepOf(rule);
  if (offset < 0 || offset % step !== 0) return null;
  const k = offset / step;
  if (candidate(rule, k) !== date) return null;
  const n = k - firstIndex(rule) + 1;
  return n >= 1 && occurrence(rule, n) === date ? n : null;
}

/** The first occurrence strictly after `after` (the first one when `after` is null), or null when none is left. */
export function nextOccurrence(rule: RecurrenceRule, after: string | null | undefined): string | null {
  if (!after) return firstOccurrence(rule);
  const first = firstIndex(rule);
  const step = stepOf(rule);
  let k = Math.max(first, Math.floor((monthIndex(after) - monthIndex(rule.startDate)) / step));
  while (candidate(rule, k) <= after) k += 1;
  return occurrence(rule, k - first + 1);
}

/**
 * The occurrences within [from, to] that come after `after` (exclusive; null = from the start),
 * at most `limit` of them.
 */
export function occurrencesBetween(
  rule: RecurrenceRule,
  from: string,
  to: string,
  after: string | null | undefined = null,
  limit = 500,
): string[] {
  const out: string[] = [];
  let date = nextOccurrence(rule, after && after >= addDays(from, -1) ? after : addDays(from, -1));
  while (date && date <= to && out.length < limit) {
    out.push(date);
    date = nextOccurrence(rule, date);
  }
  return out;
}

// --- placeholders in descriptions -------------------------------------------------------------------

export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/**
 * Replaces the period placeholders of a text with the occurrence's: {MES} → "marzo", {AÑO} (also
 * {ANO}, {ANIO}) → "2026", {TRIMESTRE} → "1T". Unknown braces are left as written.
 */
export function fillPlaceholders(text: string, occurrenceDate: string): string {
  const { year, month } = parseIsoDate(occurrenceDate);
  const values: Record<string, string> = {
    MES: SPANISH_MONTHS[month - 1]!,
    AÑO: String(year),
    ANO: String(year),
    ANIO: String(year),
    TRIMESTRE: `${Math.ceil(month / 3)}T`,
  };
  return text.replace(
    /\{(MES|AÑO|ANO|ANIO|TRIMESTRE)\}/giu,
    (_, name: string) => values[name.toUpperCase()]!,
  );
}
