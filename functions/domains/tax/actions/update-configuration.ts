/**
 * POST and PUT /tax/companies/{companyId}/configuration — the update* payload of spec part 2 §3
 * written onto the tax profile's facts. POST creates the profile (from the company's defaults plus
 * the update) when there is none and otherwise changes it like PUT; PUT needs a profile (TAX_021).
 * A change is a new profile version from the first of next month, like PUT tax-profile.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type TaxConfiguration, UpdateTaxConfigurationBody } from '@shared/schemas/tax';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { applyConfigurationUpdate, type FactFieldName, toConfiguration } from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import { getCompanyFacts, getProfile, requireProfile, type StoredTaxProfile } from '../store/profile';
import { createTaxProfile } from './create-tax-profile';
import { changeTaxProfile } from './update-tax-profile';

/** A refused fact named as the configuration payload names it, when it has a name there. */
const CONFIG_FIELDS: Record<string, string> = {
  vatRegime: 'updateTaxRegime',
  vatZone: 'updateVatZone',
  siiEnabled: 'updateSiiEnabled',
  irpfRateBp: 'updateIrpfRate',
};
const configField: FactFieldName = (fact) => CONFIG_FIELDS[fact] ?? fact;

interface ConfigurationInput {
  companyId: string;
  userId: string;
  body: UpdateTaxConfigurationBody;
}

async function changeConfiguration(
  input: ConfigurationInput,
  current: StoredTaxProfile,
  deps: TaxDeps,
): Promise<TaxConfiguration> {
  const result = await changeTaxProfile(
    {
      companyId: input.companyId,
      userId: input.userId,
      facts: applyConfigurationUpdate(current.facts, input.body),
      current,
      fieldName: configField,
    },
    deps,
  );
  return toConfiguration(result);
}

export async function createTaxConfiguration(
  input: ConfigurationInput,
  deps: TaxDeps,
): Promise<TaxConfiguration> {
  const current = await getProfile(deps, input.companyId);
  if (current) return changeConfiguration(input, current, deps);
  const company = await getCompanyFacts(deps, input.companyId);
  const created = await createTaxProfile(
    {
      companyId: input.companyId,
      userId: input.userId,
      facts: applyConfigurationUpdate(defaultTaxProfileFacts(company), input.body),
      fieldName: configField,
    },
    deps,
  );
  return toConfiguration(created);
}

export async function updateTaxConfiguration(
  input: ConfigurationInput,
  deps: TaxDeps,
): Promise<TaxConfiguration> {
  return changeConfiguration(input, await requireProfile(deps, input.companyId), deps);
}

export const createTaxConfigurationRoute = defineCompanyAction({
  body: UpdateTaxConfigurationBody,
  status: 201,
  run: ({ scope, auth, body }, deps: TaxDeps) =>
    createTaxConfiguration({ companyId: scope.companyId, userId: auth.userId, body }, deps),
});

export const updateTaxConfigurationRoute = defineCompanyAction({
  body: UpdateTaxConfigurationBody,
  run: ({ scope, auth, body }, deps: TaxDeps) =>
    updateTaxConfiguration({ companyId: scope.companyId, userId: auth.userId, body }, deps),
});
