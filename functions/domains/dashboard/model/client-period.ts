/**
 * The client dashboard's periods (Europe/Madrid calendar): the current month, quarter or year of
 * `today` and the previous one of the same kind, as aggregate periods ('2026-03', '2026-Q1') and
 * date ranges. Pure.
 */

export type ClientPeriod = 'MONTH' | 'QUARTER' | 'YEAR';

export interface PeriodWindow {
  /** The aggregate periods that make it up (a year = its four quarters). */
  aggregatePeriods: string[];
  /** First and last day, yyyy-mm-dd. */
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function monthWindow(y: number, m: number): PeriodWindow {
  return {
    aggregatePeriods: [`${y}-${pad(m)}`],
    from: `${y}-${pad(m)}-01`,
    to: `${y}-${pad(m)}-${pad(lastDay(y, m))}`,
  };
}

function quarterWindow(y: number, q: number): PeriodWindow {
  const first = (q - 1) * 3 + 1;
  const last = first + 2;
  return {
    aggregatePeriods: [`${y}-Q${q}`],
    from: `${y}-${pad(first)}-01`,
    to: `${y}-${pad(last)}-${pad(lastDay(y, last))}`,
  };
}

function yearWindow(y: number): PeriodWindow {
  return { aggregatePeriods: [1, 2, 3, 4].map((q) => `${y}-Q${q}`), from: `${y}-01-01`, to: `${y}-12-31` };
}

/** The period containing `today` (yyyy-mm-dd) and the one before it. */
export function periodWindows(
  period: ClientPeriod,
  today: string,
): { current: PeriodWindow; previous: PeriodWindow } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  if (period === 'MONTH') {
    return { current: monthWindow(y, m), previous: m === 1 ? monthWindow(y - 1, 12) : monthWindow(y, m - 1) };
  }
  if (period === 'QUARTER') {
    const q = Math.ceil(m / 3);
    return {
      current: quarterWindow(y, q),
      previous: q === 1 ? quarterWindow(y - 1, 4) : quarterWindow(y, q - 1),
    };
  }
  return { current: yearWindow(y), previous: yearWindow(y - 1) };
}
