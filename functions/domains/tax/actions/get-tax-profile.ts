/**
 * GET /companies/{companyId}/tax-profile — the company's tax profile (census facts and version
 * history) with the models it implies. Without a profile it answers 404 CORE_006 (not TAX_021), so
 * the web shows the assistant instead of an error.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type RequiredModel, requiredModels } from '@shared/fiscal/tax-obligations';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { madridToday } from '../model/dates';
import { earliestEffectiveFrom } from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import { getProfile, type StoredTaxProfile } from '../store/profile';

/** The profile as the tax-profile calls answer it. */
export interface TaxProfileView extends TaxProfile {
  /** Optimistic-concurrency revision of the stored profile. */
  revision: number;
  /** The models the latest facts imply, with their periodicity and reason. */
  requiredModels: RequiredModel[];
  /** The date a change made today would apply from (the default effectiveFrom of an update). */
  nextEffectiveFrom: string;
}

export function toProfileView(profile: StoredTaxProfile, today: string): TaxProfileView {
  return {
    ...profile,
    requiredModels: requiredModels(profile.companyType, profile.facts),
    nextEffectiveFrom: earliestEffectiveFrom(profile, today),
  };
}

export async function getTaxProfile(input: { companyId: string }, deps: TaxDeps): Promise<TaxProfileView> {
  const profile = await getProfile(deps, input.companyId);
  if (!profile) throw new AppError('CORE_006', 'La empresa no tiene perfil fiscal.');
  return toProfileView(profile, madridToday(deps.now()));
}

export const getTaxProfileRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => getTaxProfile({ companyId: scope.companyId }, deps),
});
