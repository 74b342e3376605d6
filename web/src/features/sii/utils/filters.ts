/** The SII page's filters as the URL keeps them (`?period=&book=&month=&status=`). */
import {
  SII_BOOKS,
  SII_STAT_PERIODS,
  type SiiBook,
  type SiiStatPeriod,
  type SiiSubmissionStatus,
} from '@shared/schemas/sii';

export const SII_SUBMISSION_STATUSES: readonly SiiSubmissionStatus[] = [
  'SENT',
  'ACCEPTED',
  'PARTIALLY_ACCEPTED',
  'REJECTED',
  'ERROR',
];

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export interface SiiFilters {
  /** The statistics' window (spec part 3 §9); CURRENT_MONTH by default. */
  period: SiiStatPeriod;
  book?: SiiBook;
  /** The submissions' period, 'YYYY-MM'. */
  month?: string;
  status?: SiiSubmissionStatus;
}

export function siiFiltersFrom(param: (key: string) => string | undefined): SiiFilters {
  const month = param('month');
  return {
    period: oneOf(SII_STAT_PERIODS, param('period')) ?? 'CURRENT_MONTH',
    book: oneOf(SII_BOOKS, param('book')),
    month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined,
    status: oneOf(SII_SUBMISSION_STATUSES, param('status')),
  };
}
