import { defineCompanyAction } from '@functions/platform/http';
import { CompanyPath } from '@shared/schemas/companies';
import type { VerifactuUsage } from '@shared/schemas/verifactu';
import { madridMonth, usageCounterName, usageOf, usagePlanOf } from '../model/usage';
import { type CompanyFacts, readCompanyFacts, readPlanCode } from '../store/company-plan';
import type { VerifactuDeps } from '../store/deps';
import { readStats } from '../store/submission-queries';

/**
 * The usage of the current Madrid month from the company's stats counters, against the plan of the
 * subscription that pays for the company (its creator's): up to three GetItems.
 */
export async function currentUsage(
  deps: VerifactuDeps,
  companyId: string,
  stats?: Record<string, unknown>,
  facts?: CompanyFacts | null,
): Promise<VerifactuUsage> {
  const period = madridMonth(deps.now());
  const [counters, company] = await Promise.all([
    stats ?? readStats(deps, companyId),
    facts !== undefined ? facts : readCompanyFacts(deps, companyId),
  ]);
  const plan = usagePlanOf(await readPlanCode(deps, company?.createdBy ?? null));
  return usageOf(Number(counters?.[usageCounterName(period)] ?? 0), period, plan);
}

/**
 * GET /verifactu/usage/{companyId}: records generated this month against the plan's monthly
 * allowance (WARNING above 80 %, EXCEEDED above 100 %). Informative only: usage never stops a record.
 */
export const getUsageRoute = defineCompanyAction({
  params: CompanyPath,
  run: ({ scope }, deps: VerifactuDeps) => {
    return currentUsage(deps, scope.companyId);
  },
});
