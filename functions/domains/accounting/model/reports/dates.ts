/**
 * Report dates. The reports read month aggregates (design "Reports read aggregates"), so they work on
 * whole months, and every answer states the dates it used:
 * - the balance sheet's date snaps forward to the end of its month (MONTHLY, the default), of its
 *   quarter (QUARTERLY) or of its year (YEARLY): a balance "at 10 March" is the balance at 31 March;
 * - a P&L or trial-balance period [from, to] snaps outwards to whole months: from the 1st of `from`'s
 *   month to the last day of `to`'s month.
 * The ledger reads its lines by exact date and needs no snapping. Pure.
 */

import type { PeriodType } from '@shared/schemas/accounting';

const pad = (n: number) => String(n).padStart(2, '0');

/** Days in a month (month 1–12). */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

export const monthEnd = (year: number, month: number): string =>
  `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`;
export const monthStart = (year: number, month: number): string => `${year}-${pad(month)}-01`;

export const yearOf = (date: string): number => Number(date.slice(0, 4));
export const monthOf = (date: string): number => Number(date.slice(5, 7));
/** 'YYYY-MM' of a date. */
export const periodOf = (date: string): string => date.slice(0, 7);
export const periodKey = (year: number, month: number): string => `${year}-${pad(month)}`;

/** The balance sheet's date for a requested date. */
export function snapBalanceDate(date: string, periodType: PeriodType): string {
  const year = yearOf(date);
  const month = monthOf(date);
  if (periodType === 'YEARLY') return monthEnd(year, 12);
  if (periodType === 'QUARTERLY') return monthEnd(year, Math.ceil(month / 3) * 3);
  return monthEnd(year, month);
}

/** A period snapped to whole months (from > to is swapped by the caller's validation, not here). */
export function snapPeriod(from: string, to: string): { fromDate: string; toDate: string } {
  return { fromDate: monthStart(yearOf(from), monthOf(from)), toDate: monthEnd(yearOf(to), monthOf(to)) };
}

/** Today in Spain (Europe/Madrid) as YYYY-MM-DD. */
export const madridToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);

/** The months of [from, to] (both 'YYYY-MM-DD'), as [year, month] pairs in order. */
export function monthsBetween(from: string, to: string): [number, number][] {
  const out: [number, number][] = [];
  let y = yearOf(from);
  let m = monthOf(from);
  const endY = yearOf(to);
  const endM = monthOf(to);
  while (y < endY || (y === endY && m <= endM)) {
    out.push([y, m]);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}
