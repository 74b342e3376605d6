/**
 * The periods of the VAT models (issue 14 item 2): a period code as the AEAT writes it ('1T'..'4T',
 * '01'..'12', '0A') and the calendar dates it covers. Shared by the model definitions and the
 * registry (index.ts) so that a definition never imports the registry. Pure.
 */

import type { ModelPeriod } from './types';

export type ModelPeriodicity = 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS';

export const QUARTER_PERIODS = ['1T', '2T', '3T', '4T'] as const;
export const MONTH_PERIODS = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
] as const;
export const ANNUAL_PERIOD = '0A';
/**
 * Modelo 202 (art. 40 LIS): '1P' paid in April on the months January-March, '2P' in October on
 * January-September, '3P' in December on January-November (for a calendar tax year; method 40.3 uses
 * the months elapsed, method 40.2 ignores them).
 */
export const INSTALMENT_PERIODS = ['1P', '2P', '3P'] as const;
const INSTALMENT_LAST_MONTH: Record<string, number> = { '1P': 3, '2P': 9, '3P': 11 };

/** Thrown for a period code that is neither a quarter, a month nor '0A', or a year outside 2000-2100. */
export class ModelPeriodError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'ModelPeriodError';
  }
}

/** 'QUARTERLY' for '1T'..'4T', 'MONTHLY' for '01'..'12', 'ANNUAL' for '0A', 'INSTALMENTS' for '1P'..'3P'; throws otherwise. */
export function periodicityOfPeriod(period: ModelPeriod): ModelPeriodicity {
  if ((QUARTER_PERIODS as readonly string[]).includes(period)) return 'QUARTERLY';
  if ((MONTH_PERIODS as readonly string[]).includes(period)) return 'MONTHLY';
  if (period === ANNUAL_PERIOD) return 'ANNUAL';
  if ((INSTALMENT_PERIODS as readonly string[]).includes(period)) return 'INSTALMENTS';
  throw new ModelPeriodError(`Periodo no válido: ${period}`);
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** First and last day (ISO) of a period of a calendar year. */
export function periodBounds(year: number, period: ModelPeriod): { start: string; end: string } {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw new ModelPeriodError(`Ejercicio no válido: ${year}`);
  }
  const kind = periodicityOfPeriod(period);
  let first = 1;
  let last = 12;
  if (kind === 'QUARTERLY') {
    const q = Number(period[0]);
    first = 3 * q - 2;
    last = 3 * q;
  } else if (kind === 'MONTHLY') {
    first = Number(period);
    last = first;
  } else if (kind === 'INSTALMENTS') {
    // Cumulative from January to the last month the instalment looks at.
    last = INSTALMENT_LAST_MONTH[period] as number;
  }
  return {
    start: `${year}-${pad(first)}-01`,
    end: `${year}-${pad(last)}-${pad(lastDayOfMonth(year, last))}`,
  };
}

/** The last period of the year for its periodicity (4T, 12, 0A): the only one where a refund (D) is the rule. */
export const isLastPeriodOfYear = (period: ModelPeriod): boolean =>
  period === '4T' || period === '12' || period === ANNUAL_PERIOD;

/** Orders two (year, period) pairs by their first day (then by their last day: a month before its quarter). */
export function comparePeriods(
  a: { year: number; period: ModelPeriod },
  b: { year: number; period: ModelPeriod },
): number {
  const ba = periodBounds(a.year, a.period);
  const bb = periodBounds(b.year, b.period);
  if (ba.start !== bb.start) return ba.start < bb.start ? -1 : 1;
  if (ba.end !== bb.end) return ba.end < bb.end ? -1 : 1;
  return 0;
}
