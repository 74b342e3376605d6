/**
 * Periods of the tax models (AEAT period codes '1T'..'4T', '01'..'12', '0A', '1P'..'3P'): which ones a
 * company files for each model, given its profile facts, and how a period maps onto the running
 * aggregates ('2026-03', '2026-Q1', '2026'). Pure. The rule per model is the registry's
 * (`validPeriodsOf` of shared/fiscal/models):
 *
 * - 303: monthly ('01'..'12') for SII, REDEME, large companies and VAT groups (art. 71.3 RIVA),
 *   otherwise quarterly ('1T'..'4T');
 * - 349: monthly when intra-EU deliveries and services exceeded 50.000 € in the quarter or the four
 *   before (art. 81.1 RIVA, `intraEuMonthly`), otherwise quarterly;
 * - 130 (and 131): quarterly instalments (art. 109 RIRPF);
 * - 111, 115, 123, 216: monthly for large companies (art. 108.1 RIRPF), otherwise quarterly;
 * - 202: three instalments ('1P'..'3P', art. 40 LIS);
 * - 390, 347 and the annual summaries 190, 180, 193, 296: annual ('0A').
 */

import { validPeriodsOf as registryPeriodsOf } from '@shared/fiscal/models';
import { periodBounds } from '@shared/fiscal/models/periods';
import type { TaxModelType } from '@shared/fiscal/models/types';
import type { TaxProfileFacts } from '@shared/schemas/tax-profile';

export type Periodicity = 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
const QUARTERS = ['1T', '2T', '3T', '4T'] as const;
const INSTALMENTS = ['1P', '2P', '3P'] as const;

export function periodicityOfCode(period: string): Periodicity {
  if (period === '0A') return 'ANNUAL';
  if (/^[1-3]P$/.test(period)) return 'INSTALMENTS';
  return /^[1-4]T$/.test(period) ? 'QUARTERLY' : 'MONTHLY';
}

/** How often the company files the model, by its facts (the registry's periods for them). */
export function periodicityFor(modelType: TaxModelType, facts: TaxProfileFacts): Periodicity {
  return periodicityOfCode(registryPeriodsOf(modelType, facts)[0] ?? '0A');
}

/** The period codes of a year for a periodicity. */
export function periodCodes(periodicity: Periodicity): readonly string[] {
  if (periodicity === 'ANNUAL') return ['0A'];
  if (periodicity === 'INSTALMENTS') return INSTALMENTS;
  return periodicity === 'QUARTERLY' ? QUARTERS : MONTHS;
}

/** The period codes the company files the model for. */
export const validPeriodsFor = (modelType: TaxModelType, facts: TaxProfileFacts): readonly string[] =>
  periodCodes(periodicityFor(modelType, facts));

/** The aggregates' period of a model period: '2026-03', '2026-Q1' or '2026' (annual, instalments). */
export function aggregatePeriodOf(year: number, period: string): string {
  const p = periodicityOfCode(period);
  if (p === 'ANNUAL' || p === 'INSTALMENTS') return String(year);
  if (p === 'QUARTERLY') return `${year}-Q${period[0]}`;
  return `${year}-${period}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** First and last day (ISO) of a model period (shared/fiscal/models/periods.ts). */
export const periodRange = (year: number, period: string): { start: string; end: string } =>
  periodBounds(year, period);

/** The period before, in the same periodicity (1T → the previous year's 4T, 01 → its 12). */
export function previousPeriod(year: number, period: string): { year: number; period: string } {
  const codes = periodCodes(periodicityOfCode(period));
  const i = codes.indexOf(period);
  if (i > 0) return { year, period: codes[i - 1] as string };
  return { year: year - 1, period: codes[codes.length - 1] as string };
}

/** The quarter code ('1T'..'4T') of a month (1..12). */
export const quarterOfMonth = (month: number): string => `${Math.ceil(month / 3)}T`;

/** The months ('01'..'12') of a quarter (1..4). */
export const monthsOfQuarter = (quarter: number): string[] =>
  [0, 1, 2].map((k) => pad((quarter - 1) * 3 + 1 + k));

/** Spanish label of a period: '1T 2026', 'marzo 2026', '2026'. */
export function periodLabelEs(year: number, period: string): string {
  const p = periodicityOfCode(period);
  if (p === 'ANNUAL') return `ejercicio ${year}`;
  if (p === 'QUARTERLY' || p === 'INSTALMENTS') return `${period} ${year}`;
  const names = [
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
  ];
  return `${names[Number(period) - 1]} ${year}`;
}

/** The period codes a request names for a model filed with this periodicity ([] when none). */
export function periodsOfRequest(
  periodicity: Periodicity,
  req: { quarter?: number | undefined; month?: number | undefined },
): string[] {
  const { quarter, month } = req;
  // Art. 40 LIS: the 202 instalments look at January-March (1P), -September (2P), -November (3P).
  if (periodicity === 'INSTALMENTS') {
    const byMonth: Record<number, string> = { 3: '1P', 9: '2P', 11: '3P' };
    const byQuarter: Record<number, string> = { 1: '1P', 3: '2P', 4: '3P' };
    if (month !== undefined) return byMonth[month] ? [byMonth[month] as string] : [];
    if (quarter !== undefined) return byQuarter[quarter] ? [byQuarter[quarter] as string] : [];
    return [...INSTALMENTS];
  }
  // An annual model goes with the whole year, or with its last quarter / month (filed with them).
  if (periodicity === 'ANNUAL') {
    return (quarter === undefined && month === undefined) || quarter === 4 || month === 12 ? ['0A'] : [];
  }
  if (periodicity === 'QUARTERLY') {
    if (month !== undefined) return [quarterOfMonth(month)];
    if (quarter !== undefined) return [`${quarter}T`];
    return ['1T', '2T', '3T', '4T'];
  }
  if (month !== undefined) return [String(month).padStart(2, '0')];
  if (quarter !== undefined) return monthsOfQuarter(quarter);
  return ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
}

/**
 * The period of a company's return that a cross-client request for `requested` means, given the periods
 * the company files: the same one when it files it; else the one due in the same window (a large
 * company's withholdings are monthly: the last month of a requested quarter, '06' for '2T', is due with
 * it, art. 108.1 RIRPF; and a quarter for its last month); else `requested` (the company owes nothing then).
 */
export function periodInWindow(requested: string, filed: readonly string[]): string {
  if (filed.includes(requested)) return requested;
  const kind = periodicityOfCode(requested);
  if (kind === 'QUARTERLY') {
    const lastMonth = pad(Number(requested[0]) * 3);
    if (filed.includes(lastMonth)) return lastMonth;
  }
  if (kind === 'MONTHLY' && Number(requested) % 3 === 0) {
    const quarter = `${Number(requested) / 3}T`;
    if (filed.includes(quarter)) return quarter;
  }
  return requested;
}
