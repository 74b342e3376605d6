import { madridDate } from '@shared/fiscal/verifactu-obligation';

/** Today's date in Spain (Europe/Madrid), as the server counts days: `YYYY-MM-DD`. */
export const spanishToday = (now: Date = new Date()): string => madridDate(now);

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** A year in the URL, within the AEAT's 2000-2100, or the fallback. */
export function yearFrom(value: string | null | undefined, fallback: number): number {
  const year = Number(value);
  return value && Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? year : fallback;
}

/** The years a selector offers: next year back to five years ago, plus the selected one. */
export function yearOptions(thisYear: number, selected: number) {
  const years = new Set<number>([selected]);
  for (let y = thisYear + 1; y >= Math.max(MIN_YEAR, thisYear - 5); y--) years.add(y);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
}

/**
 * The period a person most likely works on today: the quarter (or month) that ended last, since
 * returns are filed in the days after a period ends (1T in April, the 4T and annual ones in January).
 */
export function lastClosedPeriod(today: string, periodicity: 'QUARTERLY' | 'MONTHLY' | 'ANNUAL') {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (periodicity === 'ANNUAL') return { year: year - 1, period: '0A' };
  if (periodicity === 'MONTHLY') {
    return month === 1
      ? { year: year - 1, period: '12' }
      : { year, period: String(month - 1).padStart(2, '0') };
  }
  const quarter = Math.ceil(month / 3);
  return quarter === 1 ? { year: year - 1, period: '4T' } : { year, period: `${quarter - 1}T` };
}
