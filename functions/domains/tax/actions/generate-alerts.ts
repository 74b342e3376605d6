import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import type { AlertRunResult } from '@shared/schemas/tax';
import { runCompanyAlerts } from '../model/alert-run';
import { madridToday } from '../model/dates';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

/**
 * POST alerts/generate: the daily run for this company, now (the same as the `tax-alerts` schedule
 * does for every company; idempotent, so it never notifies a step twice). Answers what it did.
 */
export async function generateAlerts(
  input: { companyId: string; log?: Logger },
  deps: TaxDeps,
): Promise<AlertRunResult> {
  await requireProfile(deps, input.companyId);
  return runCompanyAlerts(deps, input.companyId, madridToday(deps.now()), input.log);
}

export const generateAlertsRoute = defineCompanyAction({
  run: ({ scope, log }, deps: TaxDeps) => generateAlerts({ companyId: scope.companyId, log }, deps),
});
