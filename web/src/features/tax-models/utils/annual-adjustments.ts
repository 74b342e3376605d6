/**
 * What the person adds beside the books to the 131 (its activities in módulos: modules-131.ts), the 202
 * (its basis, art. 40 LIS: instalment-202.ts) and the annual withholding summaries 190, 180, 193 and 296
 * (the recipients the books do not know: annual-recipients.ts): one draft for the preview page, the
 * adjustments the API takes for the model shown, and the server's refusal placed beside its fields. The
 * 130, 111, 115 and 123 are in income-tax-adjustments.ts. Pure.
 */

import { modelDefinitions } from '@shared/fiscal/models';
import { activityOccurrences } from '@shared/fiscal/models/model-131';
import type { ModelAdjustments, TaxModelType } from '@shared/fiscal/models/types';
import { apiFieldErrors } from '@web/lib/api-field-errors';
import {
  initialRecipientsDraft,
  isSummaryModel,
  type RecipientsDraft,
  recipientsDraftToAdjustments,
  recipientsFieldOfApiField,
} from './annual-recipients';
import type { Refusal } from './income-tax-adjustments';
import {
  type Instalment202Draft,
  initialInstalmentDraft,
  instalmentDraftToAdjustments,
  instalmentFieldOfApiField,
} from './instalment-202';
import {
  DEFAULT_MAX_ACTIVITIES,
  initialModulesDraft,
  type Modules131Draft,
  modulesDraftToAdjustments,
  modulesFieldOfApiField,
} from './modules-131';

export interface AnnualDraft {
  /** 131. */
  modules: Modules131Draft;
  /** 202. */
  instalment: Instalment202Draft;
  /** 190, 180, 193, 296. */
  recipients: RecipientsDraft;
}

export type AnnualAdjustments = Pick<
  ModelAdjustments,
  'modulesData' | 'irpfRateBp' | 'previousYearNetIncomeCents' | 'instalment202' | 'annualRecipients'
>;

/** The models the editors of this draft serve. */
export const hasAnnualFields = (modelType: TaxModelType): boolean =>
  modelType === '131' || modelType === '202' || isSummaryModel(modelType);

export function initialAnnualDraft(adjustments: ModelAdjustments | undefined): AnnualDraft {
  return {
    modules: initialModulesDraft(adjustments),
    instalment: initialInstalmentDraft(adjustments),
    recipients: initialRecipientsDraft(adjustments),
  };
}

/** The activities a 131 design declares at most (its RN<n> fields); five when the design is unknown. */
export function maxActivities131(designId: string | undefined): number {
  const design = modelDefinitions['131'].designs.find((d) => d.id === designId);
  return design ? activityOccurrences(design) : DEFAULT_MAX_ACTIVITIES;
}

/**
 * The model's own adjustments from the draft, or the messages of the fields that are not valid.
 * `context` is the model shown: its year (the 202's rules) and design (the 131's activities).
 */
export function annualDraftToAdjustments(
  modelType: TaxModelType,
  draft: AnnualDraft,
  context: { year?: number | undefined; design?: string | undefined } = {},
): { adjustments: AnnualAdjustments; errors: Record<string, string> } {
  if (modelType === '131') return modulesDraftToAdjustments(draft.modules, maxActivities131(context.design));
  if (modelType === '202') return instalmentDraftToAdjustments(draft.instalment, context.year);
  if (isSummaryModel(modelType)) return recipientsDraftToAdjustments(modelType, draft.recipients);
  return { adjustments: {}, errors: {} };
}

/** The draft field an API field names for the model, or null. */
export function annualFieldOfApiField(
  modelType: TaxModelType,
  field: string,
  draft: AnnualDraft,
): string | null {
  // The model's checks write `modulesData[1].unitValue`; a body schema `modulesData.1.unitValue`.
  const parts = field
    .replace(/^adjustments\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.');
  if (modelType === '131') return modulesFieldOfApiField(parts, draft.modules);
  if (modelType === '202') return instalmentFieldOfApiField(parts);
  if (isSummaryModel(modelType)) return recipientsFieldOfApiField(parts, draft.recipients);
  return null;
}

/** The server's refusal of these adjustments: its messages under the fields they name, and the rest. */
export function annualRefusalOf(error: unknown, modelType: TaxModelType, draft: AnnualDraft): Refusal {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const { name, errors } of apiFieldErrors(error)) {
    const key = annualFieldOfApiField(modelType, name.join('.'), draft);
    if (key) fields[key] = errors.join(' ');
    else unplaced.push(...errors);
  }
  const placed = Object.keys(fields).length > 0;
  const fallback = error instanceof Error ? error.message : null;
  return { fields, message: unplaced.length > 0 ? unplaced.join(' ') : placed ? null : fallback };
}
