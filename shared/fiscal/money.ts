/**
 * Integer money arithmetic (CONVENTIONS rule 8): amounts are integer céntimos, rates are basis points,
 * and there is never a float in tax arithmetic. Products are taken in BigInt so that
 * `quantityMilli × unitPriceCents × (10000 − discountBp)` cannot lose precision; every public result is
 * checked to be a safe integer. The es-ES formatting of those integers is here too (formatEuros), so the
 * server's messages, the web and the usage meter write amounts the same way.
 */

export class MoneyArithmeticError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyArithmeticError';
  }
}

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new MoneyArithmeticError(`${name} must be a safe integer, got ${value}`);
  }
}

function toSafeNumber(value: bigint, name: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyArithmeticError(`${name} is outside the safe integer range: ${value}`);
  }
  return Number(value);
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (the "redondeo al
 * céntimo más próximo" of art. 10 RD 1619/2012 and of the AEAT: 0.005 € → 0.01 €, −0.005 € → −0.01 €).
 * Exact in BigInt; the denominator must be non-zero (its sign is honoured).
 */
export function roundHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyArithmeticError('denominator must not be zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const remainder = n % d;
  const magnitude = remainder * 2n >= d ? quotient + 1n : quotient;
  return negative ? -magnitude : magnitude;
}

/** Integer division rounded half away from zero; both arguments must be safe integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  return toSafeNumber(roundHalfUpBig(BigInt(numerator), BigInt(denominator)), 'result');
}

/** cents × bp / 10 000, rounded half away from zero once: a quota or a withholding on a base. */
export function applyBp(cents: number, bp: number): number {
  assertSafeInteger(cents, 'cents');
  assertSafeInteger(bp, 'bp');
  return toSafeNumber(roundHalfUpBig(BigInt(cents) * BigInt(bp), 10_000n), 'result');
}

/** Sum of integer amounts; throws instead of drifting past the safe integer range. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0n;
  for (const [i, a] of amounts.entries()) {
    assertSafeInteger(a, `amounts[${i}]`);
    total += BigInt(a);
  }
  return toSafeNumber(total, 'sum');
}

/**
 * An integer carrying `scale` decimals written es-ES style from its digits: `139600` (scale 2) →
 * `1.396,00`. Not Intl: es-ES Intl leaves four-digit numbers ungrouped (`1396,00`, the RAE's
 * minimum-grouping rule) while invoices group every thousand. `trimZeros` drops a zero fraction
 * (`2100` → `21`), `grouping: false` leaves the thousands without dots (what a field is typed as).
 */
export function formatEsDecimal(
  value: number,
  scale: number,
  { trimZeros = false, grouping = true }: { trimZeros?: boolean; grouping?: boolean } = {},
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

/**
 * Integer céntimos as euros: `139600` → `1.396,00 €`. `space` goes between the amount and the sign:
 * a plain space in messages, a no-break space (`'\u00a0'`) where a line may wrap on screen.
 */
export function formatEuros(cents: number, { space = ' ' }: { space?: string } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in céntimos must be an integer: ${cents}`);
  return `${formatEsDecimal(cents, 2)}${space}€`;
}

/** A whole number with every thousand grouped: `1396` → `1.396` (counts, limits). */
export function formatEsInteger(value: number): string {
  return formatEsDecimal(Math.round(value), 0);
}
