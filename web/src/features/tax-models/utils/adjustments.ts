/**
 * The person's adjustments of a model as the form holds them (typed text) and as the API takes them
 * (`ModelAdjustments`: céntimos, basis points, counts). An empty field means "as computed": the
 * compensation carried from the previous 303 with result C, the result type the result implies, the
 * value the books give a box. The income-tax models' own fields (130, 111, 115, 123: issue 15) are in
 * income-tax-adjustments.ts; the 131's, the 202's and the annual summaries' in annual-adjustments.ts.
 * Pure, so the rules are tested without rendering.
 */

import { validateIban } from '@shared/fiscal/iban';
import type { BoxDef } from '@shared/fiscal/models/types';
import type {
  ModelAdjustments,
  ModelPreview,
  ResultType,
  TaxModelType,
  UpdateModelBody,
} from '@shared/schemas/tax-models';
import { DOMICILIABLE_MODELS } from '@shared/schemas/tax-profile';
import { bpToInput, centsToInput, parseEurosToCents, parsePercentToBp } from '@web/lib/money-input';
import { COMPENSATION_BOX } from '@web/lib/tax-model-designs';
import {
  type AnnualAdjustments,
  type AnnualDraft,
  annualDraftToAdjustments,
  initialAnnualDraft,
} from './annual-adjustments';
import {
  type IncomeTaxAdjustments,
  type IncomeTaxDraft,
  incomeTaxDraftToAdjustments,
  initialIncomeTaxDraft,
} from './income-tax-adjustments';

/**
 * The PUT / generate body: the contract's adjustments with the income-tax models' fields of
 * `ModelAdjustments` (shared/fiscal/models/types.ts), whatever the body schema already lists of them.
 */
export type AdjustmentsBody = UpdateModelBody & IncomeTaxAdjustments & AnnualAdjustments;

export interface AdjustmentsDraft {
  /** Céntimos typed es-ES ('1.234,56'); '' = the compensation carried from earlier periods. */
  compensation: string;
  /** null = the type the result implies. */
  resultType: ResultType | null;
  iban: string;
  domiciliation: boolean;
  /** Manual boxes by number, typed; '' = not set. */
  boxes: Record<string, string>;
  /** 130, 111, 115, 123: what the books do not give (income-tax-adjustments.ts). */
  income: IncomeTaxDraft;
  /** 131, 202, 190, 180, 193, 296: what the books do not give (annual-adjustments.ts). */
  annual: AnnualDraft;
}

/**
 * The models whose result is paid or claimed through a bank account: the self-assessments that may
 * be paid by direct debit (303 page 03 / DID; the IBAN of the 130, 111, 115, 123 and 216 pages).
 */
export const hasBankDetails = (modelType: TaxModelType): boolean =>
  (DOMICILIABLE_MODELS as readonly string[]).includes(modelType);

/** The manual boxes the person types in the box table (the compensation has its own field). */
export function manualBoxes(modelType: TaxModelType, defs: readonly BoxDef[]): BoxDef[] {
  const compensation = COMPENSATION_BOX[modelType];
  return defs.filter((d) => d.manual === true && d.box !== compensation);
}

function valueToInput(value: number, unit: BoxDef['unit']): string {
  if (unit === 'BP') return bpToInput(value);
  if (unit === 'COUNT') return String(value);
  return centsToInput(value);
}

export function initialDraft(
  modelType: TaxModelType,
  adjustments: ModelAdjustments | undefined,
  defs: readonly BoxDef[],
): AdjustmentsDraft {
  const a = adjustments ?? {};
  const boxes: Record<string, string> = {};
  for (const d of manualBoxes(modelType, defs)) {
    const v = a.boxes?.[d.box];
    boxes[d.box] = v === undefined ? '' : valueToInput(v, d.unit);
  }
  return {
    compensation:
      a.compensationFromPreviousCents === undefined ? '' : centsToInput(a.compensationFromPreviousCents),
    resultType: a.resultType ?? null,
    iban: a.iban ?? '',
    domiciliation: a.domiciliation ?? false,
    boxes,
    income: initialIncomeTaxDraft(a),
    annual: initialAnnualDraft(a),
  };
}

function parseBox(text: string, def: BoxDef): number | null {
  if (def.unit === 'BP') return parsePercentToBp(text);
  if (def.unit === 'COUNT') return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
  return parseEurosToCents(text, { allowNegative: def.signed });
}

const looksNegative = (text: string) => /^\s*[-−]/.test(text);

export interface DraftResult {
  adjustments: AdjustmentsBody;
  /** Field ('compensation', 'iban', a box number, or an income-tax field: 'rentals.0.nif') → Spanish message. */
  errors: Record<string, string>;
}

/** The draft as the API takes it, or the messages of the fields that are not valid. */
export function draftToAdjustments(
  modelType: TaxModelType,
  draft: AdjustmentsDraft,
  view: Pick<ModelPreview, 'allowedResultTypes'> & Partial<Pick<ModelPreview, 'year' | 'design'>>,
  defs: readonly BoxDef[],
): DraftResult {
  const income = incomeTaxDraftToAdjustments(modelType, draft.income);
  const annual = annualDraftToAdjustments(modelType, draft.annual, view);
  const adjustments: AdjustmentsBody = { ...income.adjustments, ...annual.adjustments };
  const errors: Record<string, string> = { ...income.errors, ...annual.errors };
  const compensationBox = COMPENSATION_BOX[modelType];
  if (compensationBox && draft.compensation.trim() !== '') {
    const label = defs.find((d) => d.box === compensationBox)?.label ?? 'La compensación';
    const cents = parseEurosToCents(draft.compensation);
    if (cents !== null) adjustments.compensationFromPreviousCents = cents;
    else if (looksNegative(draft.compensation)) errors.compensation = `${label} no puede ser negativo`;
    else errors.compensation = 'Indica un importe en euros, por ejemplo 1.234,56';
  }
  const chosen = draft.resultType;
  if (chosen !== null && chosen !== 'INFORMATIVE' && view.allowedResultTypes.includes(chosen)) {
    adjustments.resultType = chosen;
  }
  if (hasBankDetails(modelType)) {
    const iban = draft.iban.trim();
    if (iban !== '') {
      const checked = validateIban(iban);
      if (checked.valid) adjustments.iban = checked.normalized;
      else errors.iban = checked.reason ?? 'El IBAN no es válido';
    }
    if (draft.domiciliation) adjustments.domiciliation = true;
    if (draft.domiciliation && iban === '') errors.iban = 'Indica el IBAN de la cuenta de cargo';
  }
  const boxes: Record<string, number> = {};
  const manual = manualBoxes(modelType, defs);
  for (const def of manual) {
    const text = draft.boxes[def.box] ?? '';
    if (text.trim() === '') continue;
    const value = parseBox(text, def);
    if (value !== null) boxes[def.box] = value;
    else if (!def.signed && looksNegative(text)) errors[def.box] = `[${def.box}] no puede ser negativo`;
    else errors[def.box] = def.unit === 'CENTS' ? 'Indica un importe en euros' : 'Indica un número';
  }
  // The API replaces the manual boxes as a whole: an emptied field is dropped by sending the rest.
  if (manual.length > 0) adjustments.boxes = boxes;
  return { adjustments, errors };
}
