import type { StatChange } from '@shared/schemas/dashboard';
import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';

const PERCENT = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/**
 * A stat card's change as shown ('+12,5 %', '-3 %') with its colour (positive green, negative red);
 * null when there is no base to compare with (never an invented figure).
 */
export function describeChange(change: StatChange | null): { text: string; color: string } | null {
  if (!change || change.percent === null) return null;
  return {
    text: `${PERCENT.format(change.percent)} %`,
    color: change.type === 'positive' ? LEVEL_COLORS.good : LEVEL_COLORS.bad,
  };
}
