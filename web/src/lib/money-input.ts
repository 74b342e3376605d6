/**
 * Typed amounts and percentages (es-ES: `1.234,56`) to integers and back, with string arithmetic
 * only: there is never a float between what the user types and the céntimos or basis points sent
 * to the API (CONVENTIONS rule 8). `scale` is the number of decimals the integer carries: 2 for
 * céntimos (`12,34` → 1234) and for basis points of a percentage (`10,5` → 1050), 3 for milli.
 */

/**
 * Parses a decimal typed in es-ES into an integer with `scale` decimals; null when it is not a
 * number or has more decimals than `scale`. Accepted: `1234`, `1234,5`, `1.234,56`, `-12,30`,
 * `12.5` (a lone dot with one or two decimals is read as the decimal separator; `1.234` is a
 * thousand two hundred thirty-four), surrounding spaces and a trailing or leading `€` or `%`.
 */
export function parseDecimal(text: string, scale: number): number | null {
  let value = text.replace(/[\s\u00a0\u202f€%]/g, '');
  let negative = false;
  if (value.startsWith('-') || value.startsWith('−')) {
    negative = true;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  if (!value) return null;

  let whole: string;
  let fraction: string;
  if (value.includes(',')) {
    const parts = value.split(',');
    if (parts.length !== 2) return null;
    [whole, fraction] = parts as [string, string];
    if (whole.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replace(/\./g, '');
    }
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    whole = value.replace(/\./g, '');
    fraction = '';
  } else if (value.includes('.')) {
    const parts = value.split('.');
    if (parts.length !== 2) return null;
    [whole, fraction] = parts as [string, string];
  } else {
    whole = value;
    fraction = '';
  }
  if (whole === '' && fraction === '') return null;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (fraction.length > scale) return null;

  const digits = `${whole || '0'}${fraction.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  const result = Number(digits);
  if (!Number.isSafeInteger(result)) return null;
  return negative && result !== 0 ? -result : result;
}

/** `12,34` → 1234 céntimos; null when not an amount with at most two decimals. */
export const parseMoneyInput = (text: string): number | null => parseDecimal(text, 2);

/** `21` → 2100, `10,5` → 1050 basis points; null when not a percentage with at most two decimals. */
export const parsePercentInput = (text: string): number | null => parseDecimal(text, 2);

/**
 * An integer with `scale` decimals written as es-ES typing would write it: `123456` (scale 2) →
 * `1.234,56`; `trimZeros` drops a zero fraction (`2100` → `21` for percentages).
 */
export function formatDecimal(
  value: number,
  scale: number,
  { trimZeros = false, grouping = true } = {},
): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** 123456 céntimos → `1.234,56` (what the amount inputs show; no currency sign). */
export const formatMoneyInput = (cents: number): string => formatDecimal(cents, 2);

/** 2100 basis points → `21`, 1050 → `10,5`. */
export const formatPercentInput = (bp: number): string => formatDecimal(bp, 2, { trimZeros: true });
