/**
 * The period windows of the documents' statistics (spec part 2 §7 "OCR statistics", period MONTH by
 * default): the current day, week (Monday first), month, quarter or year, as Spanish calendar days
 * (Europe/Madrid), and the UTC instants that bound them (ids and createdAt are UTC). Pure.
 */

import type { OCR_STATISTICS_PERIODS } from '@shared/schemas/documents';

export type StatisticsPeriod = (typeof OCR_STATISTICS_PERIODS)[number];

const madridParts = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: n('year'), m: n('month'), d: n('day') };
};

/** yyyy-mm-dd of `at` in Spain. */
export function madridDay(at: Date): string {
  const { y, m, d } = madridParts(at);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The first Spanish calendar day of the period holding `at`, and today (both inclusive). */
export function periodWindow(period: StatisticsPeriod, at: Date): { from: string; to: string } {
  const today = madridDay(at);
  const { y, m } = madridParts(at);
  const pad = (v: number) => String(v).padStart(2, '0');
  switch (period) {
    case 'DAY':
      return { from: today, to: today };
    case 'WEEK': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      return { from: addDays(today, -weekday), to: today };
    }
    case 'MONTH':
      return { from: `${y}-${pad(m)}-01`, to: today };
    case 'QUARTER':
      return { from: `${y}-${pad(Math.floor((m - 1) / 3) * 3 + 1)}-01`, to: today };
    case 'YEAR':
      return { from: `${y}-01-01`, to: today };
  }
}

/**
 * The UTC instant a Spanish calendar day starts (its midnight in Madrid: UTC+1 or UTC+2). Computed
 * by asking which offset makes that instant's Madrid day the day itself.
 */
export function madridMidnightUtcMs(day: string): number {
  const base = Date.parse(`${day}T00:00:00Z`);
  for (const offsetHours of [1, 2, 0]) {
    const candidate = base - offsetHours * 3_600_000;
    if (madridDay(new Date(candidate)) === day && madridDay(new Date(candidate - 1)) !== day)
      return candidate;
  }
  return base - 3_600_000;
}

/** [fromMs, toMs) bounding the Spanish days `from`..`to` inclusive. */
export function dayRangeMs(from: string, to: string): { fromMs: number; toMs: number } {
  return { fromMs: madridMidnightUtcMs(from), toMs: madridMidnightUtcMs(addDays(to, 1)) };
}
