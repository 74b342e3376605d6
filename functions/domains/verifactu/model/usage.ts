/**
 * VeriFacTu usage of a company (spec part 2 §3/§4, part 3 VeriFacTu widget): records generated in the
 * current month (Europe/Madrid) against the monthly allowance of its plan; WARNING above 80 %,
 * EXCEEDED above 100 %.
 *
 * The allowance is INFORMATIVE ONLY: usage never blocks, delays or drops the generation of a record.
 * Generating the registro de alta/anulación is a legal duty of the invoicing software (RD 1007/2023
 * art. 8; Orden HAC/1177/2024): an invoice over the allowance still gets its record, its QR and its
 * submission. Pure.
 *
 * Subscriptions are per paying user (keys.subscription), not per company, so the API cannot tell a
 * company's plan from the company alone: every company gets the default 'Plan Básico' allowance of
 * DEFAULT_MONTHLY_LIMIT records a month (an invoicing volume well above a small business's). The
 * table below is where plan-specific allowances go when a company's plan becomes readable.
 */

import type { VerifactuUsage } from '@shared/schemas/verifactu';

export interface UsagePlan {
  planName: string;
  /** Records (altas and anulaciones) per calendar month. */
  monthlyLimit: number;
}

/** Records per month of the default plan. */
export const DEFAULT_MONTHLY_LIMIT = 500;

export const DEFAULT_USAGE_PLAN: UsagePlan = { planName: 'Plan Básico', monthlyLimit: DEFAULT_MONTHLY_LIMIT };

/** Allowances by plan code (shared/schemas/billing.ts); unknown or absent plans get the default. */
export const USAGE_PLANS: Record<string, UsagePlan> = {
  STANDARD_STARTER: { planName: 'Plan Básico', monthlyLimit: DEFAULT_MONTHLY_LIMIT },
  STANDARD_PROFESSIONAL: { planName: 'Empresa Professional', monthlyLimit: 2_000 },
  GESTORIA_STARTER: { planName: 'Gestoría Starter', monthlyLimit: 2_000 },
  GESTORIA_PROFESSIONAL: { planName: 'Gestoría Professional', monthlyLimit: 10_000 },
  ENTERPRISE_PROFESSIONAL: { planName: 'Enterprise Professional', monthlyLimit: 20_000 },
};

export const usagePlanOf = (planCode: string | null | undefined): UsagePlan =>
  (planCode && USAGE_PLANS[planCode]) || DEFAULT_USAGE_PLAN;

/** The month of `at` in Spain, as `yyyy-mm` (the stats counter `usage_<yyyy-mm>`). */
export function madridMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const y = parts.find((p) => p.type === 'year')!.value;
  const m = parts.find((p) => p.type === 'month')!.value;
  return `${y}-${m}`;
}

/** The stats attribute that counts the records generated in a month. */
export const usageCounterName = (period: string): string => `usage_${period}`;

/** OK up to 80 % included, WARNING above 80 %, EXCEEDED above 100 % (spec: "above"). */
export function usageLevel(current: number, limit: number): VerifactuUsage['level'] {
  if (limit <= 0) return current > 0 ? 'EXCEEDED' : 'OK';
  if (current * 100 > limit * 100) return 'EXCEEDED';
  if (current * 100 > limit * 80) return 'WARNING';
  return 'OK';
}

export function usageOf(
  current: number,
  period: string,
  plan: UsagePlan = DEFAULT_USAGE_PLAN,
): VerifactuUsage {
  const limit = plan.monthlyLimit;
  const used = Math.max(0, Math.trunc(current));
  return {
    currentUsage: used,
    limit,
    period,
    planName: plan.planName,
    percentage: limit > 0 ? Math.round((used * 10_000) / limit) / 100 : 0,
    level: usageLevel(used, limit),
  };
}
