/**
 * The financial report's ratios as the page writes them (es-ES). The server gives each ratio as a
 * decimal with four places, or null when its denominator is zero (no revenue, no equity...).
 */
import { formatEsDecimal } from '@shared/fiscal/money';

/** What a ratio without a value shows. */
export const NO_RATIO = '—';

/** Rounds half away from zero, so -0.12345 and 0.12345 round alike. */
const roundScaled = (value: number, factor: number) => {
  const n = Math.round(Math.abs(value) * factor);
  return value < 0 && n !== 0 ? -n : n;
};

/** A ratio as a percentage with two decimals: 0.5475 → '54,75 %'; null → '—'. */
export function formatRatioPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_RATIO;
  return `${formatEsDecimal(roundScaled(value, 10_000), 2)}\u00a0%`;
}

/** A ratio as a decimal with two places: 1.5234 → '1,52'; null → '—'. */
export function formatRatioDecimal(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_RATIO;
  return formatEsDecimal(roundScaled(value, 100), 2);
}
