/**
 * Decimal strings of e-invoices to integers (CONVENTIONS rule 8): amounts to céntimos, percentages to
 * basis points, exactly (BigInt on the digits, never a float), halves away from zero as art. 10
 * RD 1619/2012 rounds. XML decimals use a dot (xsd:decimal); a lone comma is read as the decimal mark
 * too, because some producers write "21,00" in free-text fields.
 */

import { roundHalfUpBig } from '@shared/fiscal/money';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** `value` × 10^`scale`, rounded half away from zero; null when it is not a decimal number. */
function scaled(value: string | null, scale: number): number | null {
  if (value === null) return null;
  let s = value.replace(/\s/g, '');
  if (!s.includes('.') && /^[+-]?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  const m = DECIMAL.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[2] || '0'}${fraction}`);
  const signed = m[1] === '-' ? -digits : digits;
  const denominator = 10n ** BigInt(fraction.length);
  const result = roundHalfUpBig(signed * 10n ** BigInt(scale), denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(result);
}

/** "1234.565" -> 123457 céntimos. */
export const decimalToCents = (value: string | null): number | null => scaled(value, 2);

/** A percentage "21.00" -> 2100 basis points; "5.2" -> 520. */
export const percentToBp = (value: string | null): number | null => scaled(value, 2);
