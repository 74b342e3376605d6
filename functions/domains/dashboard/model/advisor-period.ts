/**
 * The windows of the advisor dashboard's periods (issue 20, spec part 3 §2 "Advisor dashboard":
 * DAY, WEEK, MONTH default, QUARTER, YEAR), in Europe/Madrid calendar days. Pure: `now` is passed in.
 *
 *  - DAY: today; WEEK: the last 7 days, today included; MONTH: the current calendar month;
 *    QUARTER: the current quarter; YEAR: the current calendar year — each from its first day to
 *    today (nothing after now has happened yet).
 *  - `aggregatePeriods`: the running tax aggregates' periods (shared/db/keys/aggregates.ts) whose
 *    sum is the window's issued base (MONTH: the month; QUARTER: the quarter; YEAR: its quarters up
 *    to the current one); null for DAY and WEEK, read from the issued invoices of those days.
 */

import type { AdvisorPeriod } from '@shared/schemas/dashboard';

export interface PeriodWindow {
  period: AdvisorPeriod;
  /** Today, Europe/Madrid (`yyyy-mm-dd`). */
  today: string;
  /** First day of the window (`yyyy-mm-dd`), inclusive. */
  from: string;
  /** Last day of the window: today. */
  to: string;
  /** The instant the window starts (Madrid midnight of `from`), epoch ms. */
  fromMs: number;
  /** Now, epoch ms. */
  nowMs: number;
  aggregatePeriods: string[] | null;
}

const madridParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsAt(ms: number): { date: string; hour: number; minute: number } {
  const p = Object.fromEntries(madridParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

/** Today in Europe/Madrid. */
export const madridToday = (now: Date): string => partsAt(now.getTime()).date;

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const d = new Date(
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))),
  );
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant (epoch ms) a Madrid calendar day starts: UTC+1 in winter, UTC+2 in summer. */
export function madridMidnightMs(day: string): number {
  const utcMidnight = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
  );
  for (const offsetHours of [1, 2]) {
    const at = utcMidnight - offsetHours * 3_600_000;
    const p = partsAt(at);
    if (p.date === day && p.hour === 0 && p.minute === 0) return at;
  }
  throw new Error(`No Madrid midnight found for ${day}`);
}

export function periodWindow(period: AdvisorPeriod, now: Date): PeriodWindow {
  const today = madridToday(now);
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  const quarter = Math.ceil(month / 3);
  let from: string;
  let aggregatePeriods: string[] | null = null;
  switch (period) {
    case 'DAY':
      from = today;
      break;
    case 'WEEK':
      from = addDays(today, -6);
      break;
    case 'MONTH':
      from = `${today.slice(0, 7)}-01`;
      aggregatePeriods = [today.slice(0, 7)];
      break;
    case 'QUARTER':
      from = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
      aggregatePeriods = [`${year}-Q${quarter}`];
      break;
    case 'YEAR':
      from = `${year}-01-01`;
      aggregatePeriods = Array.from({ length: quarter }, (_, i) => `${year}-Q${i + 1}`);
      break;
  }
  return {
    period,
    today,
    from,
    to: today,
    fromMs: madridMidnightMs(from),
    nowMs: now.getTime(),
    aggregatePeriods,
  };
}
