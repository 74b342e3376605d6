import { defineAction } from '@functions/platform/http';
import { CompanyPath } from '@shared/schemas/companies';
import type { VerifactuUsage } from '@shared/schemas/verifactu';
import { assertCanRead } from '../model/permissions';
import { madridMonth, usageCounterName, usageOf } from '../model/usage';
import type { VerifactuDeps } from '../store/deps';
import { readStats } from '../store/submission-queries';

/** The usage of the current Madrid month from the company's stats counters (one GetItem). */
export async function currentUsage(
  deps: VerifactuDeps,
  companyId: string,
  stats?: Record<string, unknown>,
): Promise<VerifactuUsage> {
  const period = madridMonth(deps.now());
  const counters = stats ?? (await readStats(deps, companyId));
  return usageOf(Number(counters?.[usageCounterName(period)] ?? 0), period);
}

/**
 * GET /verifactu/usage/{companyId}: records generated this month against the plan's monthly
 * allowance (WARNING above 80 %, EXCEEDED above 100 %). Informative only: usage never stops a record.
 */
export const getUsageRoute = defineAction({
  params: CompanyPath,
  run: ({ auth, scope }, deps: VerifactuDeps) => {
    assertCanRead(auth, scope);
    return currentUsage(deps, scope!.companyId);
  },
});
