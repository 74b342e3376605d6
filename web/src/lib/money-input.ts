/**
 * Typed amounts and percentages (es-ES: `1.234,56`) to integers and back, with string arithmetic
 * only: there is never a float between what the user types and the céntimos or basis points sent
 * to the API (CONVENTIONS rule 8). `scale` is the number of decimals the integer carries: 2 for
 * céntimos (`12,34` → 1234) and for basis points of a percentage (`10,5` → 1050), 3 for milli.
 */

import { formatEsDecimal } from '@shared/fiscal/money';

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
 * `1.234,56`; `trimZeros` drops a zero fraction (`2100` → `21` for percentages). The one es-ES
 * writer of the server and the web (shared/fiscal/money.ts).
 */
export const formatDecimal = formatEsDecimal;

/** 123456 céntimos → `1.234,56` (what the amount inputs show; no currency sign). */
export const formatMoneyInput = (cents: number): string => formatDecimal(cents, 2);

/** 2100 basis points → `21`, 1050 → `10,5`. */
export const formatPercentInput = (bp: number): string => formatDecimal(bp, 2, { trimZeros: true });

// --- the invoice forms' helpers: limits of the API, signs, quantities --------------------------

/** The largest amount the API takes (10.000 millones de euros in céntimos). */
const MAX_CENTS = 1_000_000_000_000;

/** Euros typed by a person → integer céntimos (at most 2 decimals, within the API's limit), or null. */
export function parseEurosToCents(text: string, { allowNegative = false } = {}): number | null {
  const cents = parseDecimal(text, 2);
  if (cents === null) return null;
  if (cents < 0 && !allowNegative) return null;
  if (Math.abs(cents) > MAX_CENTS) return null;
  return cents;
}

/** A percentage typed by a person (`21`, `7,5`) → basis points within 0–100 %, or null. */
export function parsePercentToBp(text: string): number | null {
  const bp = parsePercentInput(text);
  if (bp === null || bp < 0 || bp > 10_000) return null;
  return bp;
}

/**
 * A quantity (at most 3 decimals) → thousandths for the totals and the text the API takes
 * (`1.5`), or null. Zero is refused; negatives only when allowed (rectificativas by differences).
 */
export function parseQuantity(
  text: string,
  { allowNegative = false } = {},
): { milli: number; api: string } | null {
  const milli = parseDecimal(text, 3);
  if (milli === null || milli === 0 || (milli < 0 && !allowNegative)) return null;
  if (Math.abs(milli) > 999_999_999_999) return null;
  const api = formatDecimal(milli, 3, { trimZeros: true, grouping: false }).replace(',', '.');
  return { milli, api };
}

/** Céntimos as a person would type them back into a field: 123456 → `1.234,56`. */
export const centsToInput = formatMoneyInput;

/** Basis points as a percentage for a field: 750 → `7,5`, 2100 → `21`. */
export const bpToInput = (bp: number): string => formatDecimal(bp, 2, { trimZeros: true, grouping: false });

/** Basis points shown as a rate: 2100 → `21 %`, 520 → `5,2 %`. */
export const formatBp = (bp: number): string => `${bpToInput(bp)} %`;

/** Thousandths as a quantity for a field: 1500 → `1,5`. */
export const milliToInput = (milli: number): string =>
  formatDecimal(milli, 3, { trimZeros: true, grouping: false });
