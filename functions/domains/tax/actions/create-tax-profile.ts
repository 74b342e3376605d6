/**
 * POST /companies/{companyId}/tax-profile — the company's first tax profile: its census facts,
 * effective from 1 January of its first tax year, and the obligations they imply from that year on.
 * `pastObligations: 'ASSUME_FILED'` records the obligations already due as filed before the profile.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  defaultTaxProfileFacts,
  liftFlatFacts,
  TaxProfileBody,
  type TaxProfileFacts,
} from '@shared/schemas/tax-profile';
import * as z from 'zod';
import { madridToday } from '../model/dates';
import {
  assertValidFacts,
  bodyFactField,
  type FactFieldName,
  newProfile,
  resolveTaxYear,
  yearsToPlan,
} from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import { ensureYearObligations, type PastObligations } from '../store/obligations';
import { createProfile, getCompanyFacts, type StoredTaxProfile } from '../store/profile';
import { type TaxProfileView, toProfileView } from './get-tax-profile';

export const CreateTaxProfileBody = z.preprocess(
  liftFlatFacts,
  TaxProfileBody.extend({
    pastObligations: z.enum(['PENDING', 'ASSUME_FILED']).optional(),
  }),
);
export type CreateTaxProfileBody = z.infer<typeof CreateTaxProfileBody>;

/** What planning the obligations after a profile write did, over every year it touched. */
export interface PlannedYears {
  years: number[];
  created: number;
  updated: number;
  removed: number;
}

/**
 * (Re)plans the obligations of `years` from the profile just written. The profile write and these
 * obligation writes are separate steps (one transaction holds at most 100 items, a year of a
 * monthly filer alone has more): if this fails after the profile was written, the profile stands and
 * the obligations are repaired by the next call that ensures them (`ensureYearObligations` is
 * idempotent; the calendar GET and the daily `tax-alerts` schedule re-run it).
 */
export async function planProfileYears(
  deps: TaxDeps,
  input: {
    profile: StoredTaxProfile;
    companyName: string;
    years: number[];
    today: string;
    pastObligations?: PastObligations;
  },
): Promise<PlannedYears> {
  const out: PlannedYears = { years: input.years, created: 0, updated: 0, removed: 0 };
  for (const year of input.years) {
    const r = await ensureYearObligations(deps, {
      profile: input.profile,
      companyName: input.companyName,
      year,
      today: input.today,
      pastObligations: input.pastObligations,
    });
    out.created += r.created;
    out.updated += r.updated;
    out.removed += r.removed;
  }
  return out;
}

export interface ProfileWriteResult extends TaxProfileView {
  obligations: PlannedYears;
}

export interface CreateTaxProfileInput {
  companyId: string;
  userId: string;
  /** The facts, or only those that differ from the company's defaults (`defaultTaxProfileFacts`). */
  facts: Partial<TaxProfileFacts>;
  taxYear?: number;
  pastObligations?: PastObligations;
  /** Delete the assistant's draft with the profile (the assistant's apply). */
  deleteDraft?: boolean;
  /** How a refused fact is named in the caller's request. */
  fieldName?: FactFieldName;
}

export async function createTaxProfile(
  input: CreateTaxProfileInput,
  deps: TaxDeps,
): Promise<ProfileWriteResult> {
  const now = deps.now();
  const today = madridToday(now);
  const company = await getCompanyFacts(deps, input.companyId);
  const taxYear = resolveTaxYear(input.taxYear, today);
  const facts: TaxProfileFacts = { ...defaultTaxProfileFacts(company), ...input.facts };
  assertValidFacts(company.companyType, facts, input.fieldName ?? bodyFactField);
  const profile = await createProfile(
    deps,
    newProfile({
      companyId: input.companyId,
      companyType: company.companyType,
      taxYear,
      facts,
      at: now.toISOString(),
      by: input.userId,
    }),
    { deleteDraft: input.deleteDraft },
  );
  const obligations = await planProfileYears(deps, {
    profile,
    companyName: company.name,
    years: yearsToPlan(profile, today),
    today,
    pastObligations: input.pastObligations,
  });
  return { ...toProfileView(profile, today), obligations };
}

export const createTaxProfileRoute = defineCompanyAction({
  body: CreateTaxProfileBody,
  status: 201,
  run: ({ scope, auth, body }, deps: TaxDeps) => {
    if (body.effectiveFrom !== undefined) {
      throw new AppError(
        'CORE_004',
        'La fecha de efecto solo se indica al modificar el perfil: el primero empieza el 1 de enero de su ejercicio.',
        { field: 'effectiveFrom' },
      );
    }
    return createTaxProfile(
      {
        companyId: scope.companyId,
        userId: auth.userId,
        facts: body.facts,
        taxYear: body.taxYear,
        pastObligations: body.pastObligations,
      },
      deps,
    );
  },
});
