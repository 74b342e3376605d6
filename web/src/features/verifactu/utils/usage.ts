/**
 * The VeriFacTu usage meter (spec part 2 §7, part 3 §4): warning above 80 percent, exceeded above
 * 100 percent. Computed here from the numbers so the meter and its text can never disagree.
 */
import type { VerifactuUsage } from '@shared/schemas/verifactu';

export type UsageLevel = VerifactuUsage['level'];

export const USAGE_WARNING_PERCENT = 80;
export const USAGE_EXCEEDED_PERCENT = 100;
export const DEFAULT_PLAN_NAME = 'Plan Básico';

/** Whole percent of the limit used (0 with no limit). */
export function usagePercent({
  currentUsage,
  limit,
}: Pick<VerifactuUsage, 'currentUsage' | 'limit'>): number {
  if (!limit || limit <= 0) return 0;
  return Math.round((currentUsage / limit) * 1000) / 10;
}

/** 'WARNING' strictly above 80 %, 'EXCEEDED' strictly above 100 %. */
export function usageLevel(usage: Pick<VerifactuUsage, 'currentUsage' | 'limit'>): UsageLevel {
  if (!usage.limit || usage.limit <= 0) return 'OK';
  // Compare in integers (usage × 100 against limit × percent): no rounding at the thresholds.
  if (usage.currentUsage * 100 > usage.limit * USAGE_EXCEEDED_PERCENT) return 'EXCEEDED';
  if (usage.currentUsage * 100 > usage.limit * USAGE_WARNING_PERCENT) return 'WARNING';
  return 'OK';
}

export const USAGE_MESSAGES: Record<UsageLevel, string | null> = {
  OK: null,
  WARNING: 'Has usado más del 80 % de los envíos VeriFacTu de tu plan este mes.',
  EXCEEDED: 'Has superado el límite de envíos VeriFacTu de tu plan este mes.',
};

/** `2027-01` → `enero de 2027`; anything else as it is. */
export function periodLabel(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return period;
  const months = [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ];
  const name = months[Number(m[2]) - 1];
  return name ? `${name} de ${m[1]}` : period;
}
