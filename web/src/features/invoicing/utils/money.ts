/**
 * Money and rates typed by people (es-ES) turned into integers without a float ever touching
 * them: the text is split into its digits and the céntimos (or thousandths, or basis points) are
 * put together as strings. `1.234,56` → 123456 céntimos; `0,1` + `0,2` is exactly 30 céntimos.
 */

const MAX_CENTS = 1_000_000_000_000;

/**
 * Splits a decimal as people type it in Spain: `,` is the decimal mark and `.` groups thousands
 * (`1.234,5`); without a comma, a single `.` followed by 1–3 digits that do not form a thousands
 * group is taken as the decimal mark too (`12.5`), while `1.234` and `1.234.567` are thousands.
 * Returns the sign, whole digits and fraction digits, or null when the text is not a number.
 */
export function splitDecimal(raw: string): { negative: boolean; whole: string; fraction: string } | null {
  let text = raw.replace(/[\s\u00a0€%]/g, '');
  if (!text) return null;
  let negative = false;
  if (text.startsWith('-') || text.startsWith('−')) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (!text) return null;

  let whole: string;
  let fraction: string;
  if (text.includes(',')) {
    const parts = text.split(',');
    if (parts.length !== 2) return null;
    [whole = '', fraction = ''] = parts;
    if (whole.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replace(/\./g, '');
    }
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    whole = text.replace(/\./g, '');
    fraction = '';
  } else {
    const parts = text.split('.');
    if (parts.length > 2) return null;
    [whole = '', fraction = ''] = parts;
  }
  if (whole === '' && fraction === '') return null;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  return { negative, whole: whole || '0', fraction };
}

/**
 * An integer scaled by 10^decimals from the text (`scaledInteger('1,5', 3)` = 1500), or null when
 * the text is not a number or has more decimals than allowed.
 */
export function scaledInteger(raw: string, decimals: number): number | null {
  const parts = splitDecimal(raw);
  if (!parts || parts.fraction.length > decimals) return null;
  const digits = `${parts.whole}${parts.fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  return parts.negative && value !== 0 ? -value : value;
}

/** Euros typed by a person → integer céntimos (at most 2 decimals), or null. */
export function parseEurosToCents(raw: string, { allowNegative = false } = {}): number | null {
  const cents = scaledInteger(raw, 2);
  if (cents === null) return null;
  if (cents < 0 && !allowNegative) return null;
  if (Math.abs(cents) > MAX_CENTS) return null;
  return cents;
}

/** A percentage typed by a person (`21`, `7,5`) → basis points (at most 2 decimals), or null. */
export function parsePercentToBp(raw: string): number | null {
  const bp = scaledInteger(raw, 2);
  if (bp === null || bp < 0 || bp > 10_000) return null;
  return bp;
}

/**
 * A quantity (at most 3 decimals) → the text the API takes (`1.5`) and thousandths for the
 * totals, or null. Negative only when allowed (rectificativas by differences).
 */
export function parseQuantity(
  raw: string,
  { allowNegative = false } = {},
): { milli: number; api: string } | null {
  const milli = scaledInteger(raw, 3);
  if (milli === null || milli === 0 || (milli < 0 && !allowNegative)) return null;
  if (Math.abs(milli) > 999_999_999_999) return null;
  return { milli, api: formatScaled(milli, 3, { decimalMark: '.', group: false, trim: true }) };
}

/** An integer scaled by 10^decimals written back as text, e.g. 123456 → `1.234,56`. */
export function formatScaled(
  value: number,
  decimals: number,
  { decimalMark = ',', group = true, trim = false } = {},
): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  let whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  if (trim) fraction = fraction.replace(/0+$/, '');
  const text = fraction ? `${whole}${decimalMark}${fraction}` : whole;
  return negative ? `-${text}` : text;
}

/** Céntimos as a person would type them back into a field: 123456 → `1.234,56`. */
export const centsToInput = (cents: number): string => formatScaled(cents, 2);

/** Basis points as a percentage for a field: 750 → `7,5`, 2100 → `21`. */
export const bpToInput = (bp: number): string => formatScaled(bp, 2, { trim: true, group: false });

/** Basis points shown as a rate: 2100 → `21 %`, 520 → `5,2 %`. */
export const formatBp = (bp: number): string => `${bpToInput(bp)} %`;

/** Thousandths as a quantity for a field: 1500 → `1,5`. */
export const milliToInput = (milli: number): string => formatScaled(milli, 3, { trim: true, group: false });
