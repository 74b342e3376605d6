import { defineCompanyAction } from '@functions/platform/http';
import { sortAlerts } from '@shared/fiscal/fiscal-alerts';
import { CriticalAlertsQuery } from '@shared/schemas/tax';
import type * as z from 'zod';
import { listAlerts, toAlertView } from '../store/alerts';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

/**
 * GET alerts/critical?limit=5 (spec part 2 §7; part 3: the dashboard shows 5 fiscal alerts sorted
 * critical, high, medium, low): the open alerts (ACTIVE or ACKNOWLEDGED) in that order, the first
 * `limit`. Answers an array of alerts.
 */
export async function criticalAlerts(
  input: { companyId: string; query: z.infer<typeof CriticalAlertsQuery> },
  deps: TaxDeps,
) {
  await requireProfile(deps, input.companyId);
  const open = (await listAlerts(deps, input.companyId)).filter((a) => a.status !== 'RESOLVED');
  return sortAlerts(open).slice(0, input.query.limit).map(toAlertView);
}

export const criticalAlertsRoute = defineCompanyAction({
  query: CriticalAlertsQuery,
  run: ({ scope, query }, deps: TaxDeps) => criticalAlerts({ companyId: scope.companyId, query }, deps),
});
