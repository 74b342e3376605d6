/**
 * The tax-profile assistant (spec part 1 §7; issue 13 item 1): plain questions a business owner can
 * answer turned into census facts. They work with or without a profile:
 * - status: whether there is a profile and an unapplied draft;
 * - analyze: answers → proposed facts, the models they imply and their issues (writes nothing);
 * - validate: facts → issues (schema errors and inconsistencies);
 * - configure: saves the draft (answers and/or facts);
 * - apply: the draft becomes the profile (created, or a new version), with the same effects as
 *   POST / PUT tax-profile, and the draft is deleted in the same transaction;
 * - reset: deletes the draft.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { CompanyType } from '@shared/db/records';
import { requiredModels } from '@shared/fiscal/tax-obligations';
import {
  AssistantAnalyzeBody,
  type AssistantAnswers,
  AssistantApplyBody,
  AssistantConfigureBody,
  type AssistantIssue,
  type AssistantProposal,
  type AssistantStatus,
  AssistantValidateBody,
} from '@shared/schemas/tax';
import { TaxProfileFacts } from '@shared/schemas/tax-profile';
import { proposal, proposeFacts, validateFacts, zodIssues } from '../model/profile-rules';
import type { TaxDeps } from '../store/deps';
import {
  type AssistantDraft,
  deleteAssistantDraft,
  getAssistantDraft,
  getCompanyFacts,
  getProfile,
  putAssistantDraft,
  type StoredTaxProfile,
} from '../store/profile';
import { createTaxProfile, type ProfileWriteResult } from './create-tax-profile';
import { changeTaxProfile } from './update-tax-profile';

function statusOf(profile: StoredTaxProfile | undefined, draft: AssistantDraft | undefined): AssistantStatus {
  return {
    hasProfile: profile !== undefined,
    status: draft ? 'DRAFT' : profile ? 'APPLIED' : 'NOT_STARTED',
    draft: draft ? { answers: draft.answers, facts: draft.facts, updatedAt: draft.updatedAt } : null,
    profileUpdatedAt: profile?.updatedAt ?? null,
  };
}

/** The type the facts are judged for: the profile's (kept across versions), else the company's. */
async function companyTypeOf(
  deps: TaxDeps,
  companyId: string,
  profile?: StoredTaxProfile,
): Promise<CompanyType> {
  return profile?.companyType ?? (await getCompanyFacts(deps, companyId)).companyType;
}

/** Parses facts sent as a free object; zod's refusals named `facts.<field>` as in the request. */
function parseFacts(raw: unknown): TaxProfileFacts {
  const parsed = TaxProfileFacts.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = zodIssues(parsed.error).map((i) => ({ ...i, field: `facts.${i.field}` }));
  const first = issues[0]!;
  throw new AppError('CORE_004', `${first.field}: ${first.message}`, {
    field: first.field,
    details: { issues },
  });
}

/** The facts a draft stands for: those saved, else those its answers propose. */
const draftFacts = (companyType: CompanyType, draft: AssistantDraft): TaxProfileFacts | undefined =>
  draft.facts ?? (draft.answers ? proposeFacts(companyType, draft.answers) : undefined);

// --- status ------------------------------------------------------------------------------------

export async function assistantStatus(input: { companyId: string }, deps: TaxDeps): Promise<AssistantStatus> {
  const [profile, draft] = await Promise.all([
    getProfile(deps, input.companyId),
    getAssistantDraft(deps, input.companyId),
  ]);
  return statusOf(profile, draft);
}

export const assistantStatusRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => assistantStatus({ companyId: scope.companyId }, deps),
});

// --- analyze -----------------------------------------------------------------------------------

export async function assistantAnalyze(
  input: { companyId: string; answers: AssistantAnswers },
  deps: TaxDeps,
): Promise<AssistantProposal> {
  const profile = await getProfile(deps, input.companyId);
  return proposal(await companyTypeOf(deps, input.companyId, profile), input.answers);
}

export const assistantAnalyzeRoute = defineCompanyAction({
  body: AssistantAnalyzeBody,
  run: ({ scope, body }, deps: TaxDeps) =>
    assistantAnalyze({ companyId: scope.companyId, answers: body.answers }, deps),
});

// --- validate ----------------------------------------------------------------------------------

export interface AssistantValidation {
  /** No error (warnings allowed): the facts can be applied. */
  valid: boolean;
  issues: AssistantIssue[];
  /** The models the facts imply (empty when they do not parse). */
  requiredModels: AssistantProposal['requiredModels'];
}

export async function assistantValidate(
  input: { companyId: string; facts: Record<string, unknown> },
  deps: TaxDeps,
): Promise<AssistantValidation> {
  const parsed = TaxProfileFacts.safeParse(input.facts);
  if (!parsed.success) return { valid: false, issues: zodIssues(parsed.error), requiredModels: [] };
  const profile = await getProfile(deps, input.companyId);
  const companyType = await companyTypeOf(deps, input.companyId, profile);
  const issues = validateFacts(companyType, parsed.data);
  return {
    valid: !issues.some((i) => i.severity === 'error'),
    issues,
    requiredModels: requiredModels(companyType, parsed.data).map((r) => ({
      model: r.model,
      periodicity: r.periodicity,
      reason: r.reason,
    })),
  };
}

export const assistantValidateRoute = defineCompanyAction({
  body: AssistantValidateBody,
  run: ({ scope, body }, deps: TaxDeps) =>
    assistantValidate({ companyId: scope.companyId, facts: body.facts }, deps),
});

// --- configure ---------------------------------------------------------------------------------

export interface AssistantConfigured extends AssistantStatus {
  /** The issues of the facts the draft stands for (saved facts, else those its answers propose). */
  issues: AssistantIssue[];
}

/** Equality of two flat answer objects, whatever their key order (DynamoDB keeps none). */
function sameAnswers(a: AssistantAnswers, b: AssistantAnswers | null): boolean {
  if (!b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof AssistantAnswers>;
  return [...keys].every((k) => a[k] === b[k]);
}

/**
 * Saves the draft. Answers replace the saved answers and facts the saved facts; new answers sent
 * without facts drop facts saved for different answers (they were derived from the old ones, and
 * `apply` proposes fresh facts from the answers instead).
 */
export async function assistantConfigure(
  input: { companyId: string; userId: string; answers?: AssistantAnswers; facts?: Record<string, unknown> },
  deps: TaxDeps,
): Promise<AssistantConfigured> {
  if (input.answers === undefined && input.facts === undefined) {
    throw new AppError(
      'CORE_004',
      'Indica las respuestas del asistente o los datos fiscales que quieres guardar.',
      {
        field: 'answers',
      },
    );
  }
  const facts = input.facts === undefined ? undefined : parseFacts(input.facts);
  const [profile, saved] = await Promise.all([
    getProfile(deps, input.companyId),
    getAssistantDraft(deps, input.companyId),
  ]);
  const answersChanged = input.answers !== undefined && !sameAnswers(input.answers, saved?.answers ?? null);
  const draft: AssistantDraft = {
    companyId: input.companyId,
    answers: input.answers ?? saved?.answers ?? null,
    facts: facts ?? (answersChanged ? null : (saved?.facts ?? null)),
    updatedAt: deps.now().toISOString(),
    updatedBy: input.userId,
  };
  await putAssistantDraft(deps, draft);
  const companyType = await companyTypeOf(deps, input.companyId, profile);
  const standsFor = draftFacts(companyType, draft);
  return { ...statusOf(profile, draft), issues: standsFor ? validateFacts(companyType, standsFor) : [] };
}

export const assistantConfigureRoute = defineCompanyAction({
  body: AssistantConfigureBody,
  run: ({ scope, auth, body }, deps: TaxDeps) =>
    assistantConfigure(
      { companyId: scope.companyId, userId: auth.userId, answers: body.answers, facts: body.facts },
      deps,
    ),
});

// --- apply -------------------------------------------------------------------------------------

/** The draft as the profile: created when there is none (from 1 January), else a new version. */
export async function assistantApply(
  input: {
    companyId: string;
    userId: string;
    effectiveFrom?: string;
    pastObligations?: 'PENDING' | 'ASSUME_FILED';
  },
  deps: TaxDeps,
): Promise<ProfileWriteResult> {
  const [profile, draft] = await Promise.all([
    getProfile(deps, input.companyId),
    getAssistantDraft(deps, input.companyId),
  ]);
  const companyType = await companyTypeOf(deps, input.companyId, profile);
  const facts = draft && draftFacts(companyType, draft);
  if (!facts) throw new AppError('CORE_006', 'No hay ningún borrador del asistente que aplicar.');
  if (profile) {
    return changeTaxProfile(
      {
        companyId: input.companyId,
        userId: input.userId,
        facts,
        effectiveFrom: input.effectiveFrom,
        current: profile,
        deleteDraft: true,
      },
      deps,
    );
  }
  if (input.effectiveFrom !== undefined) {
    throw new AppError(
      'CORE_004',
      'La fecha de efecto solo se indica al modificar el perfil: el primero empieza el 1 de enero del ejercicio.',
      { field: 'effectiveFrom' },
    );
  }
  return createTaxProfile(
    {
      companyId: input.companyId,
      userId: input.userId,
      facts,
      deleteDraft: true,
      pastObligations: input.pastObligations,
    },
    deps,
  );
}

export const assistantApplyRoute = defineCompanyAction({
  body: AssistantApplyBody,
  run: ({ scope, auth, body }, deps: TaxDeps) =>
    assistantApply(
      {
        companyId: scope.companyId,
        userId: auth.userId,
        effectiveFrom: body.effectiveFrom,
        pastObligations: body.pastObligations,
      },
      deps,
    ),
});

// --- reset -------------------------------------------------------------------------------------

export async function assistantReset(input: { companyId: string }, deps: TaxDeps): Promise<AssistantStatus> {
  await deleteAssistantDraft(deps, input.companyId);
  return statusOf(await getProfile(deps, input.companyId), undefined);
}

export const assistantResetRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => assistantReset({ companyId: scope.companyId }, deps),
});
