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
 * The allowance is the plan's (shared/schemas/billing.ts) of the subscription that pays for the
 * company (store/company-plan.ts: its creator's); a company nobody pays for (one an administrator
 * created, a subscription that ended) gets the spec's default 'Plan Básico' of
 * DEFAULT_MONTHLY_LIMIT records a month.
 */

import { isPlanCode, type PlanCode, plans } from '@shared/schemas/billing';
import type { VerifactuUsage } from '@shared/schemas/verifactu';

export interface UsagePlan {
  planName: string;
  /** Records (altas and anulaciones) per calendar month. */
  monthlyLimit: number;
}

/** Records per month of the default plan (spec part 2 §4: planName defaults to 'Plan Básico'). */
export const DEFAULT_MONTHLY_LIMIT = 500;

export const DEFAULT_USAGE_PLAN: UsagePlan = { planName: 'Plan Básico', monthlyLimit: DEFAULT_MONTHLY_LIMIT };

/**
 * VeriFacTu records a company may generate a month under each plan (per company: a gestoría's
 * allowance applies to each of its client companies). Well above the invoicing of the plan's
 * audience: a warning to talk about the plan, never a stop.
 */
export const MONTHLY_RECORDS: Record<PlanCode, number> = {
  STANDARD_STARTER: 500,
  STANDARD_PROFESSIONAL: 2_000,
  GESTORIA_STARTER: 2_000,
  GESTORIA_PROFESSIONAL: 10_000,
  ENTERPRISE_PROFESSIONAL: 20_000,
};

/** The allowance of a plan code, named as the catalogue names the plan; unknown or absent: the default. */
export const usagePlanOf = (planCode: string | null | undefined): UsagePlan =>
  planCode && isPlanCode(planCode)
    ? { planName: plans[planCode].planName, monthlyLimit: MONTHLY_RECORDS[planCode] }
    : DEFAULT_USAGE_PLAN;

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
