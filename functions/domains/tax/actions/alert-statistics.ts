import { defineCompanyAction } from '@functions/platform/http';
import type { AlertPriority, AlertType } from '@shared/fiscal/fiscal-alerts';
import type { AlertStatistics } from '@shared/schemas/tax';
import { listAlerts } from '../store/alerts';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

/**
 * GET alerts/statistics: how many alerts the company has in each workflow status, and — of the
 * open ones (ACTIVE and ACKNOWLEDGED), what still needs attention — how many of each priority and
 * type. total = active + acknowledged + resolved.
 */
export async function alertStatistics(input: { companyId: string }, deps: TaxDeps): Promise<AlertStatistics> {
  await requireProfile(deps, input.companyId);
  const alerts = await listAlerts(deps, input.companyId);
  const byPriority: Record<AlertPriority, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  const byType: Record<AlertType, number> = { deadline: 0, overdue: 0, generated: 0, submitted: 0, error: 0 };
  const stats: AlertStatistics = {
    total: alerts.length,
    active: 0,
    acknowledged: 0,
    resolved: 0,
    byPriority,
    byType,
  };
  for (const a of alerts) {
    if (a.status === 'RESOLVED') {
      stats.resolved++;
      continue;
    }
    if (a.status === 'ACTIVE') stats.active++;
    else stats.acknowledged++;
    byPriority[a.priority]++;
    byType[a.type]++;
  }
  return stats;
}

export const alertStatisticsRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => alertStatistics({ companyId: scope.companyId }, deps),
});
