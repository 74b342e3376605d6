/**
 * PUT /companies/{companyId}/tax-profile — a change of the census facts: a new version of the
 * profile effective from the first day of a later month (default: the first of next month), so the
 * obligations of periods already started are never rewritten. A change of census data also owes a
 * modelo 036 (declaración censal de modificación) within a month.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { censusChangeObligation } from '@shared/fiscal/tax-obligations';
import { liftFlatFacts, TaxProfileBody, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import * as z from 'zod';
import { madridToday, yearOf } from '../model/dates';
import {
  assertValidFacts,
  bodyFactField,
  censusFactsChanged,
  type FactFieldName,
  resolveEffectiveFrom,
  sameFacts,
  versionBefore,
  withNewVersion,
  yearsToPlan,
} from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import { getObligation } from '../store/obligations';
import {
  censusObligationWrite,
  deleteAssistantDraft,
  getCompanyFacts,
  requireProfile,
  type StoredTaxProfile,
  updateProfile,
} from '../store/profile';
import { type PlannedYears, type ProfileWriteResult, planProfileYears } from './create-tax-profile';
import { toProfileView } from './get-tax-profile';

export interface ProfileChangeResult extends ProfileWriteResult {
  /** False when the facts sent were those of the latest version already (nothing written). */
  changed: boolean;
  /** The first day the change applies. */
  effectiveFrom: string;
  /** The modelo 036 obligation the change owes, or null (no census fact changed). */
  censusObligationId: string | null;
}

export interface ChangeTaxProfileInput {
  companyId: string;
  userId: string;
  facts: TaxProfileFacts;
  effectiveFrom?: string;
  /** Only to refuse a change of the profile's first tax year. */
  taxYear?: number;
  /** The profile already read by the caller (else it is read here; TAX_021 when there is none). */
  current?: StoredTaxProfile;
  deleteDraft?: boolean;
  fieldName?: FactFieldName;
}

const NOTHING_PLANNED: PlannedYears = { years: [], created: 0, updated: 0, removed: 0 };

export async function changeTaxProfile(
  input: ChangeTaxProfileInput,
  deps: TaxDeps,
): Promise<ProfileChangeResult> {
  const now = deps.now();
  const at = now.toISOString();
  const today = madridToday(now);
  const current = input.current ?? (await requireProfile(deps, input.companyId));
  if (input.taxYear !== undefined && input.taxYear !== current.taxYear) {
    throw new AppError('CORE_004', 'El ejercicio inicial del perfil fiscal no se puede cambiar.', {
      field: 'taxYear',
    });
  }
  // The company type of the profile is kept: the versions already in force were judged by it.
  assertValidFacts(current.companyType, input.facts, input.fieldName ?? bodyFactField);
  const effectiveFrom = resolveEffectiveFrom(current, today, input.effectiveFrom);

  if (sameFacts(current.facts, input.facts)) {
    if (input.deleteDraft) await deleteAssistantDraft(deps, input.companyId);
    return {
      ...toProfileView(current, today),
      obligations: NOTHING_PLANNED,
      changed: false,
      effectiveFrom,
      censusObligationId: null,
    };
  }

  const next = withNewVersion(current, { facts: input.facts, effectiveFrom, at, by: input.userId });

  // The 036 declares census data (RGAT arts. 9-10): a change of only the direct debit, the
  // prorrata or the IRPF rate on invoices declares nothing (profile-rules.ts NON_CENSUS_FACTS),
  // and neither does cancelling a change that had not started (no version added) or correcting
  // the first version before the profile starts (nothing declared before it).
  const added = next.versions.find((v) => v.effectiveFrom === effectiveFrom);
  const before = versionBefore(next, effectiveFrom);
  // RGAT art. 10.3: declared within one month of the change, which is the one reported today.
  const census =
    added && before && censusFactsChanged(before.facts, added.facts)
      ? censusChangeObligation(today, effectiveFrom)
      : undefined;
  // Written in the profile's transaction, so the change and the 036 it owes stand or fall together
  // (the daily schedule re-plans periodic obligations, not census ones). Several changes in a day
  // are declared in one 036: when today's already exists, it is left as it is.
  const censusPut =
    census && !(await getObligation(deps, input.companyId, census.obligationId, { consistent: true }))
      ? censusObligationWrite(deps.table, input.companyId, census, at)
      : undefined;
  const profile = await updateProfile(deps, next, current.revision, {
    deleteDraft: input.deleteDraft,
    extraItems: censusPut ? [censusPut] : [],
  });

  const company = await getCompanyFacts(deps, input.companyId);
  // Only the years from the change on can differ (earlier periods are judged by earlier versions).
  const years = yearsToPlan(profile, today).filter((y) => y >= yearOf(effectiveFrom));
  const obligations = await planProfileYears(deps, { profile, companyName: company.name, years, today });
  return {
    ...toProfileView(profile, today),
    obligations,
    changed: true,
    effectiveFrom,
    censusObligationId: census?.obligationId ?? null,
  };
}

export const updateTaxProfileRoute = defineCompanyAction({
  body: z.preprocess(liftFlatFacts, TaxProfileBody),
  run: async ({ scope, auth, body }, deps: TaxDeps) => {
    // Only the facts that change may be sent: the rest are the latest version's.
    const current = await requireProfile(deps, scope.companyId);
    return changeTaxProfile(
      {
        companyId: scope.companyId,
        userId: auth.userId,
        facts: { ...current.facts, ...body.facts },
        effectiveFrom: body.effectiveFrom,
        taxYear: body.taxYear,
        current,
      },
      deps,
    );
  },
});
