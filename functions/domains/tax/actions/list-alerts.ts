import { defineCompanyAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import { sortAlerts } from '@shared/fiscal/fiscal-alerts';
import { AlertListQuery } from '@shared/schemas/tax';
import { listAlerts as storeList, toAlertView } from '../store/alerts';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

/**
 * GET alerts (spec part 2 §7 "Advanced alerts", page 0, size 20): the company's fiscal alerts,
 * filtered by status, priority and type, sorted critical → high → medium → low (then the earliest
 * date, then the newest), answered as the Page envelope every list uses
 * `{ content, page, size, totalElements, totalPages }` (zero-based pages). Resolved alerts are
 * included unless `status` filters them out; they expire 180 days after resolution.
 */
export async function listAlerts(input: { companyId: string; query: AlertListQuery }, deps: TaxDeps) {
  const { companyId, query } = input;
  await requireProfile(deps, companyId);
  const alerts = (await storeList(deps, companyId)).filter(
    (a) =>
      (!query.status || a.status === query.status) &&
      (!query.priority || a.priority === query.priority) &&
      (!query.type || a.type === query.type),
  );
  return paginate(sortAlerts(alerts).map(toAlertView), query.page, query.size);
}

export const listAlertsRoute = defineCompanyAction({
  query: AlertListQuery,
  run: ({ scope, query }, deps: TaxDeps) => listAlerts({ companyId: scope.companyId, query }, deps),
});
