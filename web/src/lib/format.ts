/** es-ES formatting (spec part 1 §1: EUR, DD/MM/YYYY). Money arrives as integer céntimos. */
import dayjs, { type ConfigType } from 'dayjs';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** `1234.5` céntimos is not money: amounts are integers, so anything else is a bug upstream. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Amount in céntimos must be an integer: ${cents}`);
  // Divide last: céntimos / 100 is exact enough for display and Intl rounds to 2 decimals.
  return euros.format(cents / 100);
}

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
