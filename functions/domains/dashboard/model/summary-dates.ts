/**
 * Calendar arithmetic of the company dashboard's summary (Europe/Madrid days, `yyyy-mm` months).
 * Pure.
 */

import { daysBetween } from '@shared/fiscal/tax-calendar';
import { madridDate } from '@shared/fiscal/verifactu-obligation';

/** Today in Spain (`yyyy-mm-dd`): the dashboard's months, due dates and overdue are Spanish days. */
export const madridToday = (now: Date): string => madridDate(now);

/** `yyyy-mm` of a `yyyy-mm-dd`. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month `n` months after `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${year}-${String(mm + 1).padStart(2, '0')}`;
}

/** The `n` months ending with `month` (included), oldest first. */
export const monthsEndingAt = (month: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => addMonths(month, i - (n - 1)));

/** The `n` months starting with `month` (included). */
export const monthsStartingAt = (month: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => addMonths(month, i));

/** The last day (`yyyy-mm-dd`) of a month. */
export function lastDayOf(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** Days from `today` to `dueDate` (0 = due today, negative = overdue by that many days). */
export const daysLeft = (today: string, dueDate: string): number => daysBetween(today, dueDate);
