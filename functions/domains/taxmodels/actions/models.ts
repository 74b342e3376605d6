/**
 * The stored models of a company (issue 14 item 3): list, pending confirmation (generated, not filed),
 * generate, get, update (the person's adjustments), validate, status by hand, approve.
 *
 * - generate: the preview stored, its obligation `<modelId>` → MODEL_GENERATED and its 'generated'
 *   alert in one transaction; 409 TAX_022 when the period already has one (send `regenerate: true`),
 *   never over a filed one.
 * - update: adjustments merged over the stored ones (a field absent keeps its value; `boxes` replaces
 *   the manual boxes), the model recomputed from today's books and stored with version + 1; a filed
 *   model is refused.
 * - generate and update check the person's entries of a withholding return first (spec part 2 §5: the
 *   115's rentalProperties, the 123's capitalIncomeOperations): an error is 400 CORE_004 with every
 *   message in its details. The body may name the quarter (`quarter: 2`) instead of the period ('2T').
 * - status: SUBMITTED by hand with its justificante (the obligation too); back to MODEL_GENERATED only
 *   when it was not filed through Cuadra.
 * - approve: a model without validation errors, not filed.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { paginate } from '@shared/api/listing';
import type { ModelAdjustments } from '@shared/fiscal/models/types';
import {
  GenerateModelBody,
  ModelListQuery,
  ModelPath,
  ModelStatusBody,
  ModelTypePath,
  type ModelValidationView,
  PendingConfirmationQuery,
  type TaxModelType,
  type TaxModelView,
  UpdateModelBody,
} from '@shared/schemas/tax-models';
import type * as z from 'zod';
import { previewModel, previewWithBooks } from '../model/compute';
import { boxIdentities } from '../model/identities';
import { byPeriodDesc, toModelView } from '../model/views';
import type { TaxModelsDeps } from '../store/deps';
import {
  listModels,
  markModelNotSubmitted,
  markModelSubmitted,
  modelAlreadySubmitted,
  requireModel,
  saveAdjustedModel,
  saveGeneratedModel,
  setModelApproved,
} from '../store/models';

type ListQuery = z.infer<typeof ModelListQuery>;

export async function listCompanyModels(input: { companyId: string; query: ListQuery }, deps: TaxModelsDeps) {
  const { query } = input;
  const models = await listModels(deps, input.companyId, {
    year: query.year,
    modelType: query.modelType,
    status: query.status,
  });
  return paginate(models.map(toModelView).sort(byPeriodDesc), query.page, query.size);
}

export const listModelsRoute = defineCompanyAction({
  query: ModelListQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    listCompanyModels({ companyId: scope.companyId, query }, deps),
});

export const pendingConfirmationRoute = defineCompanyAction({
  query: PendingConfirmationQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    listCompanyModels({ companyId: scope.companyId, query: { ...query, status: 'MODEL_GENERATED' } }, deps),
});

// --- generate -------------------------------------------------------------------------------------

export async function generateModel(
  input: {
    companyId: string;
    modelType: TaxModelType;
    userId: string;
    body: z.infer<typeof GenerateModelBody>;
  },
  deps: TaxModelsDeps,
): Promise<TaxModelView> {
  const { body } = input;
  // Without adjustments in the body a VAT model starts from none; an income-tax return regenerated
  // keeps the ones stored with it (the rents, the payroll figures the person entered).
  const { preview, input: computed } = await previewWithBooks(deps, {
    companyId: input.companyId,
    modelType: input.modelType,
    year: body.year,
    period: body.period,
    adjustments: body.adjustments,
    strictInputs: true,
  });
  const stored = await saveGeneratedModel(deps, input.companyId, preview, {
    adjustments: computed.adjustments,
    userId: input.userId,
    regenerate: body.regenerate,
  });
  return toModelView(stored);
}

export const generateModelRoute = defineCompanyAction({
  params: ModelTypePath,
  body: GenerateModelBody,
  status: 201,
  run: ({ auth, scope, params, body }, deps: TaxModelsDeps) =>
    generateModel(
      { companyId: scope.companyId, modelType: params.modelType, userId: auth.userId, body },
      deps,
    ),
});

// --- get, update ------------------------------------------------------------------------------------

type Path = z.infer<typeof ModelPath>;

export const getModelRoute = defineCompanyAction({
  params: ModelPath,
  run: async ({ scope, params }, deps: TaxModelsDeps) =>
    toModelView(await requireModel(deps, scope.companyId, params.modelType, params.modelId)),
});

/** The stored adjustments with the new ones over them (`boxes` replaces the manual boxes). */
export function mergeAdjustments(stored: ModelAdjustments, next: ModelAdjustments): ModelAdjustments {
  const out: ModelAdjustments = { ...stored };
  for (const [k, v] of Object.entries(next) as [keyof ModelAdjustments, unknown][]) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export async function updateModel(
  input: { companyId: string; params: Path; body: z.infer<typeof UpdateModelBody> },
  deps: TaxModelsDeps,
): Promise<TaxModelView> {
  const current = await requireModel(deps, input.companyId, input.params.modelType, input.params.modelId);
  if (current.status === 'SUBMITTED') throw modelAlreadySubmitted();
  const adjustments = mergeAdjustments(current.adjustments, input.body);
  const preview = await previewModel(deps, {
    companyId: input.companyId,
    modelType: current.modelType,
    year: current.year,
    period: current.period,
    adjustments,
    strictInputs: true,
  });
  return toModelView(await saveAdjustedModel(deps, current, preview, adjustments));
}

export const updateModelRoute = defineCompanyAction({
  params: ModelPath,
  body: UpdateModelBody,
  run: ({ scope, params, body }, deps: TaxModelsDeps) =>
    updateModel({ companyId: scope.companyId, params, body }, deps),
});

// --- validate ---------------------------------------------------------------------------------------

export async function validateModel(input: { companyId: string; params: Path }, deps: TaxModelsDeps) {
  const model = await requireModel(deps, input.companyId, input.params.modelType, input.params.modelId);
  const identities = boxIdentities(model);
  const changedSinceGenerated: ModelValidationView['changedSinceGenerated'] = [];
  // A filed model is what the AEAT holds: only an unfiled one is compared with today's books.
  if (model.status !== 'SUBMITTED') {
    const books = await previewModel(deps, {
      companyId: input.companyId,
      modelType: model.modelType,
      year: model.year,
      period: model.period,
      adjustments: model.adjustments,
    });
    const boxes = [...new Set([...Object.keys(model.boxes), ...Object.keys(books.boxes)])].sort();
    for (const box of boxes) {
      const storedCents = model.boxes[box] ?? 0;
      const booksCents = books.boxes[box] ?? 0;
      if (storedCents !== booksCents) changedSinceGenerated.push({ box, storedCents, booksCents });
    }
  }
  const view: ModelValidationView = {
    modelId: model.modelId,
    valid: model.issues.every((i) => i.severity !== 'ERROR') && identities.every((i) => i.ok),
    issues: model.issues,
    identities,
    changedSinceGenerated,
  };
  return view;
}

export const validateModelRoute = defineCompanyAction({
  params: ModelPath,
  run: ({ scope, params }, deps: TaxModelsDeps) =>
    validateModel({ companyId: scope.companyId, params }, deps),
});

// --- status by hand -----------------------------------------------------------------------------------

export async function updateModelStatus(
  input: { companyId: string; params: Path; userId: string; body: z.infer<typeof ModelStatusBody> },
  deps: TaxModelsDeps,
): Promise<TaxModelView> {
  const current = await requireModel(deps, input.companyId, input.params.modelType, input.params.modelId);
  if (input.body.status === 'MODEL_GENERATED') return toModelView(await markModelNotSubmitted(deps, current));
  const reference = input.body.reference?.trim();
  if (!reference) {
    throw new AppError(
      'CORE_004',
      'Indica el justificante (CSV o número de justificante) de la presentación.',
      {
        field: 'reference',
      },
    );
  }
  const stored = await markModelSubmitted(deps, input.companyId, current.modelId, {
    submissionId: null,
    reference,
    at: deps.now().toISOString(),
    userId: input.userId,
  });
  return toModelView(stored);
}

export const updateModelStatusRoute = defineCompanyAction({
  params: ModelPath,
  body: ModelStatusBody,
  run: ({ auth, scope, params, body }, deps: TaxModelsDeps) =>
    updateModelStatus({ companyId: scope.companyId, params, userId: auth.userId, body }, deps),
});

// --- approve ------------------------------------------------------------------------------------------

export async function approveModel(
  input: { companyId: string; params: Path; userId: string },
  deps: TaxModelsDeps,
): Promise<TaxModelView> {
  const current = await requireModel(deps, input.companyId, input.params.modelType, input.params.modelId);
  if (current.status === 'SUBMITTED') throw modelAlreadySubmitted();
  const errors = current.issues.filter((i) => i.severity === 'ERROR');
  if (errors.length > 0) {
    throw new AppError('CORE_004', 'El modelo tiene errores de validación: corrígelos antes de aprobarlo.', {
      details: { issues: errors },
    });
  }
  return toModelView(await setModelApproved(deps, input.companyId, current.modelId, input.userId));
}

export const approveModelRoute = defineCompanyAction({
  params: ModelPath,
  run: ({ auth, scope, params }, deps: TaxModelsDeps) =>
    approveModel({ companyId: scope.companyId, params, userId: auth.userId }, deps),
});
