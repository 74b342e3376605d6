/** es-ES formatting (spec part 1 §1: EUR, DD/MM/YYYY). Money arrives as integer céntimos. */

import dayjs, { type ConfigType } from 'dayjs';
import { relativeTime } from './relative-time';
import 'dayjs/locale/es';
import { formatEsInteger, formatEuros } from '@shared/fiscal/money';

// Set here rather than at start-up: dayjs stays out of the first screen's JavaScript, and every
// screen that shows a date (or an antd DatePicker) loads this module first.
dayjs.locale('es');

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * `139600` → `1.396,00 €` (shared/fiscal/money.ts `formatEuros`, the server's writer too: es-ES Intl
 * leaves four-digit amounts ungrouped). A no-break space keeps the sign beside the amount.
 * `1234.5` céntimos is not money: amounts are integers, so anything else is a bug upstream.
 */
export const formatCents = (cents: number): string => formatEuros(cents, { space: '\u00a0' });

/** A whole number with every thousand grouped: 1396 → `1.396` (counts, limits, sizes). */
export const formatInteger = formatEsInteger;

/** DD/MM/YYYY, or '' for an empty or invalid date. */
export function formatDate(value: ConfigType): string {
  return format(value, DATE_FORMAT);
}

/** DD/MM/YYYY HH:mm in the browser's time zone, or '' for an empty or invalid date. */
export function formatDateTime(value: ConfigType): string {
  return format(value, DATE_TIME_FORMAT);
}

function format(value: ConfigType, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/**
 * Spec part 3 §9: under 1 minute 'Ahora mismo', under 60 minutes in minutes, under 1440 in hours,
 * otherwise in days. '' for an invalid date.
 */
export function formatRelativeTime(value: ConfigType, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return relativeTime(date.toISOString(), now);
}
