/**
 * A model's preview (issue 14 item 3): what the books say for one model and period, computed by the
 * pure model definitions (shared/fiscal/models) from
 *  - the company (NIF, name) and its tax profile: the facts in force on the period's first day
 *    (none: 400 TAX_021);
 *  - the running aggregates of the period: ONE Query (the month '2026-03' for '03', the quarter
 *    '2026-Q1' for '1T', the year with its quarters for '0A'), never the invoices;
 *  - the earlier returns it needs: the 303s of the year and the previous one (the compensation
 *    carried to [110], the 390's sums), the filed 349s of the year and the previous one (the bases
 *    declared before, for rectifications).
 * A period the model or the profile does not have (a month for a quarterly filer, a quarter for the
 * 390) is 400 TAX_027 with the valid periods in its details.
 */

import { AppError, isAppError } from '@shared/api/errors';
import {
  computeModel,
  designFor,
  ModelDefinitionError,
  ModelPeriodError,
  modelDefinitions,
} from '@shared/fiscal/models';
import type {
  EarlierReturn,
  ModelAdjustments,
  ModelComputation,
  ModelDesign,
  ModelInput,
  TaxModelType,
} from '@shared/fiscal/models/types';
import { type RequiredModel, requiredModels, versionAt } from '@shared/fiscal/tax-obligations';
import type { ModelPreview } from '@shared/schemas/tax-models';
import type { TaxProfile, TaxProfileFacts } from '@shared/schemas/tax-profile';
import {
  type CompanyIdentity,
  getCompanyIdentity,
  type PeriodRead,
  readAggregates,
  requireTaxProfile,
} from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels, type StoredModel } from '../store/models';
import {
  aggregatePeriodOf,
  type Periodicity,
  periodCodes,
  periodicityFor,
  periodicityOfCode,
  periodRange,
} from './periods';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

export interface PreviewRequest {
  companyId: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  adjustments?: ModelAdjustments | undefined;
}

/** The profile's facts in force on a date (before the first version: the first one's). */
export function factsAt(profile: Pick<TaxProfile, 'versions' | 'facts'>, isoDate: string): TaxProfileFacts {
  return versionAt(profile.versions, isoDate)?.facts ?? profile.versions[0]?.facts ?? profile.facts;
}

/** Whether the company owes the model with these facts (and how often), per shared/fiscal/tax-obligations. */
export function requirementOf(
  profile: Pick<TaxProfile, 'companyType'>,
  facts: TaxProfileFacts,
  modelType: TaxModelType,
): RequiredModel | undefined {
  return requiredModels(profile.companyType, facts).find((r) => r.model === modelType);
}

/** The periods the company files the model for (its own periodicity when it owes it). */
export function validPeriodsOf(
  profile: Pick<TaxProfile, 'companyType'>,
  facts: TaxProfileFacts,
  modelType: TaxModelType,
): readonly string[] {
  const req = requirementOf(profile, facts, modelType);
  const periodicity =
    req && (req.periodicity === 'MONTHLY' || req.periodicity === 'QUARTERLY' || req.periodicity === 'ANNUAL')
      ? req.periodicity
      : periodicityFor(modelType, facts);
  return periodCodes(periodicity);
}

export const invalidPeriod = (details: Record<string, unknown>) =>
  new AppError('TAX_027', 'El periodo fiscal no es válido.', { field: 'period', details });

/** The design a computation used (by its id). */
export function designOf(modelType: TaxModelType, designId: string): ModelDesign | undefined {
  return modelDefinitions[modelType].designs.find((d) => d.id === designId);
}

/**
 * The adjustments' numbers and boxes against the design: amounts never negative ('{field} no puede
 * ser negativo'), only the boxes the design leaves to the person, signed only where the design signs.
 */
export function checkAdjustments(design: ModelDesign, adjustments: ModelAdjustments): void {
  if ((adjustments.compensationFromPreviousCents ?? 0) < 0) {
    throw new AppError('CORE_004', 'compensationFromPreviousCents no puede ser negativo', {
      field: 'compensationFromPreviousCents',
    });
  }
  for (const [box, value] of Object.entries(adjustments.boxes ?? {})) {
    const def = design.boxes.find((b) => b.box === box);
    if (!def?.manual) {
      throw new AppError(
        'CORE_004',
        `La casilla [${box}] no se puede ajustar a mano en el modelo ${design.modelType}.`,
        {
          field: `boxes.${box}`,
        },
      );
    }
    if (value < 0 && !def.signed) {
      throw new AppError('CORE_004', `[${box}] no puede ser negativo`, { field: `boxes.${box}` });
    }
  }
}

/** The stored returns a computation reads: 303s and 349s of the year and the previous one. */
async function earlierReturns(
  deps: Deps,
  companyId: string,
  modelType: TaxModelType,
  year: number,
): Promise<StoredModel[]> {
  if (modelType === '347') return [];
  const wanted: TaxModelType = modelType === '349' ? '349' : '303';
  const years = modelType === '390' ? [year] : [year - 1, year];
  const lists = await Promise.all(
    years.map((y) => listModels(deps, companyId, { year: y, modelType: wanted })),
  );
  return lists.flat();
}

const toEarlier = (m: StoredModel): EarlierReturn => ({
  modelType: m.modelType,
  year: m.year,
  period: m.period,
  boxes: m.boxes,
  result: m.result,
  status: m.status === 'SUBMITTED' ? 'SUBMITTED' : 'MODEL_GENERATED',
});

/**
 * The 349 bases declared before, per `<taxId>|<key>|<year>|<period>`: the operator records of the
 * filed 349s, then (in filing order) the rectifications that corrected them.
 */
export function previouslyDeclared349(filed: readonly StoredModel[]): Record<string, number> {
  const out: Record<string, number> = {};
  const sorted = filed
    .filter((m) => m.modelType === '349' && m.status === 'SUBMITTED')
    .sort((a, b) => ((a.submittedAt ?? '') < (b.submittedAt ?? '') ? -1 : 1));
  for (const m of sorted) {
    for (const r of m.records) {
      if (r.kind === 'OPERATOR') out[`${r.taxId}|${r.key}|${m.year}|${m.period}`] = r.amountCents;
      else if (r.kind === 'RECTIFICATION' && r.correctedYear !== undefined && r.correctedPeriod !== undefined)
        out[`${r.taxId}|${r.key}|${r.correctedYear}|${r.correctedPeriod}`] = r.amountCents;
    }
  }
  return out;
}

/** What a preview read and computed: the preview and the books behind it. */
export interface PreviewWithBooks {
  preview: ModelPreview;
  books: PeriodRead;
  facts: TaxProfileFacts;
  profile: TaxProfile;
  company: CompanyIdentity;
}

/** The model computed from the books for one period (nothing stored). */
export async function previewModel(deps: Deps, req: PreviewRequest): Promise<ModelPreview> {
  return (await previewWithBooks(deps, req)).preview;
}

/** `previewModel`, with the books it read (prefill and the drill-down reuse them). */
export async function previewWithBooks(deps: Deps, req: PreviewRequest): Promise<PreviewWithBooks> {
  const { companyId, modelType, year } = req;
  const period = req.period.toUpperCase();
  const [profile, company] = await Promise.all([
    requireTaxProfile(deps, companyId),
    getCompanyIdentity(deps, companyId),
  ]);
  let range: { start: string; end: string };
  try {
    range = periodRange(year, period);
  } catch (e) {
    if (e instanceof ModelPeriodError) throw invalidPeriod({ modelType, year, period, reason: e.message });
    throw e;
  }
  const facts = factsAt(profile, range.start);
  const valid = validPeriodsOf(profile, facts, modelType);
  if (!valid.includes(period)) {
    throw invalidPeriod({ modelType, year, period, validPeriods: valid });
  }
  const periodicity: Periodicity = periodicityOfCode(period);
  const [books, earlier] = await Promise.all([
    readAggregates(deps, companyId, aggregatePeriodOf(year, period), modelType === '303'),
    earlierReturns(deps, companyId, modelType, year),
  ]);
  const adjustments = req.adjustments ?? {};
  const design = designFor(modelType, year, period);
  if (!design) {
    throw new AppError(
      'TAX_023',
      `No hay diseño de registro del modelo ${modelType} para ${period} de ${year}.`,
    );
  }
  checkAdjustments(design, adjustments);
  const input: ModelInput = {
    modelType,
    year,
    period,
    company: { companyId, nif: company.nif, name: company.name },
    facts,
    periodicity,
    aggregates: books.aggregates,
    ...(books.quarters ? { quarters: books.quarters } : {}),
    earlier: earlier
      .filter((m) => !(m.year === year && m.period === period && m.modelType === modelType))
      .map(toEarlier),
    ...(modelType === '349' ? { previouslyDeclared349: previouslyDeclared349(earlier) } : {}),
    adjustments,
  };
  let computation: ModelComputation;
  try {
    computation = computeModel(input);
  } catch (e) {
    if (isAppError(e)) throw e;
    if (e instanceof ModelDefinitionError) {
      throw new AppError(e.code, e.message, e.code === 'TAX_027' ? { field: 'period' } : {});
    }
    throw new AppError('TAX_023', 'Error en el cálculo fiscal.', { cause: e });
  }
  return { preview: { ...computation, itemsRead: books.itemsRead }, books, facts, profile, company };
}
