/**
 * GET /tax/companies/{companyId}/configuration — the tax configuration of spec part 2 §3 (taxRegime,
 * vatZone, siiEnabled, quarterlyVat, irpfRate): a view of the tax profile's latest facts. TAX_021
 * without a profile.
 */

import { defineCompanyAction } from '@functions/platform/http';
import type { TaxConfiguration } from '@shared/schemas/tax';
import { toConfiguration } from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

export async function getTaxConfiguration(
  input: { companyId: string },
  deps: TaxDeps,
): Promise<TaxConfiguration> {
  return toConfiguration(await requireProfile(deps, input.companyId));
}

export const getTaxConfigurationRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => getTaxConfiguration({ companyId: scope.companyId }, deps),
});
