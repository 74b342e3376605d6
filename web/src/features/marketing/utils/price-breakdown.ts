/**
 * A monthly price as an invoice shows it: base, IVA and total, all integer céntimos.
 * Catalogue prices exclude VAT; the general rate applies to software services (Ley 37/1992 art. 90).
 */

/** 21 % in basis points. */
export const GENERAL_VAT_RATE_BP = 2_100;

export interface PriceBreakdown {
  baseCents: number;
  vatRateBp: number;
  vatCents: number;
  totalCents: number;
}

/** `numerator / divisor` rounded half up, on non-negative integers (no float in tax arithmetic). */
export function roundHalfUp(numerator: number, divisor: number): number {
  return Math.floor((numerator * 2 + divisor) / (divisor * 2));
}

export function priceBreakdown(baseCents: number, vatRateBp: number = GENERAL_VAT_RATE_BP): PriceBreakdown {
  if (!Number.isInteger(baseCents) || baseCents < 0) {
    throw new RangeError(`A price in céntimos must be a non-negative integer: ${baseCents}`);
  }
  const vatCents = roundHalfUp(baseCents * vatRateBp, 10_000);
  return { baseCents, vatRateBp, vatCents, totalCents: baseCents + vatCents };
}

/** `2100` -> `21 %` (es-ES writes a space before the percent sign). */
export function formatRate(rateBp: number): string {
  return `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(rateBp / 100)} %`;
}
