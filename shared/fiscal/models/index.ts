/**
 * The registry of the VAT model definitions (issue 14 item 2): which definition computes a model,
 * which of its designs applies to a period (the latest whose validity covers the period's first
 * day), which periods a model has, and `computeModel`, the one entry point the tax-models domain
 * calls. Adding next year's design is adding a `ModelDesign` (data) to a definition's `designs`;
 * nothing here changes. A period after the last one the AEAT has published its design for
 * (`ModelDesign.publishedThrough`: the 390 of 2026 while only the 2025 design exists) is computed with
 * the latest design and a warning, and `unpublishedDesignIssue` tells the export to refuse its file.
 * Pure.
 */

import { filesVatMonthly, type TaxProfileFacts } from '../../schemas/tax-profile';
import { model130 } from './model-130';
import { model131 } from './model-131';
import { model202 } from './model-202';
import { model303 } from './model-303';
import { model347 } from './model-347';
import { model349 } from './model-349';
import { model369 } from './model-369';
import { model390 } from './model-390';
import { model180, model190, model193, model296 } from './model-annual-withholdings';
import { model111, model115, model123, model216 } from './model-withholdings';
import {
  ANNUAL_PERIOD,
  INSTALMENT_PERIODS,
  MONTH_PERIODS,
  ModelPeriodError,
  periodBounds,
  periodicityOfPeriod,
  QUARTER_PERIODS,
} from './periods';
import type {
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ModelPeriod,
  TaxModelType,
} from './types';

export {
  check303Identities,
  type Design303,
  design303v2024_10,
  design303v2026,
  isNoActivity303,
  model303,
  type Rules303,
  validate303Boxes,
} from './model-303';
export {
  type Design390,
  design390v2023,
  design390v2024,
  design390v2025,
  model390,
  type Rules390,
  year303s,
} from './model-390';
export {
  comparePeriods,
  isLastPeriodOfYear,
  ModelPeriodError,
  type ModelPeriodicity,
  periodBounds,
  periodicityOfPeriod,
} from './periods';
export { allowedResultTypesFor, carriedCompensation, compensationLeftBy } from './result';

export const modelDefinitions: Record<TaxModelType, ModelDefinition> = {
  '303': model303,
  '390': model390,
  '349': model349,
  '347': model347,
  '369': model369,
  '130': model130,
  '111': model111,
  '115': model115,
  '123': model123,
  '216': model216,
  '131': model131,
  '202': model202,
  '190': model190,
  '180': model180,
  '193': model193,
  '296': model296,
};

/**
 * Why a model cannot be computed: TAX_027 the period does not exist for the model (or for the
 * company's periodicity), TAX_023 no AEAT design covers the period. The API answers with the code.
 */
export class ModelDefinitionError extends Error {
  constructor(
    readonly code: 'TAX_023' | 'TAX_027',
    message: string,
  ) {
    super(message);
    this.name = 'ModelDefinitionError';
  }
}

/**
 * The design of a model for a period: the latest (by validFrom) whose validFrom ≤ the period's first
 * day and whose validTo is null or ≥ it. Undefined when none (or the period is not a valid code).
 */
export function designFor(
  modelType: TaxModelType,
  year: number,
  period: ModelPeriod,
): ModelDesign | undefined {
  let start: string;
  try {
    start = periodBounds(year, period).start;
  } catch (e) {
    if (e instanceof ModelPeriodError) return undefined;
    throw e;
  }
  let found: ModelDesign | undefined;
  for (const d of modelDefinitions[modelType].designs) {
    if (d.validFrom <= start && (d.validTo === null || d.validTo >= start)) {
      if (!found || d.validFrom > found.validFrom) found = d;
    }
  }
  return found;
}

/** The issue code of a computation (and an export refusal) whose design the AEAT has not published. */
export const DESIGN_NOT_PUBLISHED = 'DESIGN_NOT_PUBLISHED';

/**
 * Whether the AEAT has published `design` for the period: always, unless the design names the last
 * day it was published for (`publishedThrough`) and the period starts after it. A period code that
 * does not exist is not covered.
 */
export function isDesignPublishedFor(design: ModelDesign, year: number, period: ModelPeriod): boolean {
  if (design.publishedThrough === undefined) return true;
  try {
    return periodBounds(year, period).start <= design.publishedThrough;
  } catch (e) {
    if (e instanceof ModelPeriodError) return false;
    throw e;
  }
}

/**
 * The warning of a period computed with a design the AEAT has not published for it (Spanish, for the
 * screen): the 390 of 2026 with the 2025 design says 'La AEAT aún no ha publicado el diseño del modelo
 * 390 para 2026; el cálculo usa el diseño de 2025 y la exportación puede cambiar.' Undefined when the
 * design is published for the period.
 */
export function unpublishedDesignIssue(
  design: ModelDesign,
  year: number,
  period: ModelPeriod,
): ModelIssue | undefined {
  const through = design.publishedThrough;
  if (through === undefined || isDesignPublishedFor(design, year, period)) return undefined;
  const when = period === '0A' ? `${year}` : `el periodo ${period} de ${year}`;
  return {
    code: DESIGN_NOT_PUBLISHED,
    field: 'design',
    message: `La AEAT aún no ha publicado el diseño del modelo ${design.modelType} para ${when}; el cálculo usa el diseño de ${through.slice(0, 4)} y la exportación puede cambiar.`,
    severity: 'WARNING',
  };
}

/**
 * Why the AEAT file of a period computed with `design` cannot be written (Spanish), or undefined when
 * the AEAT has published that design for the period. Once the next design is added, a model stored
 * with the provisional one is to be regenerated with it.
 */
export function unpublishedDesignExportRefusal(
  design: ModelDesign,
  year: number,
  period: ModelPeriod,
): string | undefined {
  if (isDesignPublishedFor(design, year, period)) return undefined;
  const when = period === '0A' ? `${year}` : `el periodo ${period} de ${year}`;
  const current = designFor(design.modelType, year, period);
  if (current && current.id !== design.id && isDesignPublishedFor(current, year, period)) {
    return `El modelo ${design.modelType} de ${when} se calculó con el diseño ${design.id}, que la AEAT no publicó para ${when}: regenéralo con el diseño ${current.id} antes de exportarlo.`;
  }
  const used = design.publishedThrough
    ? ` (el cálculo usa el diseño de ${design.publishedThrough.slice(0, 4)})`
    : '';
  return `La AEAT aún no ha publicado el diseño de registro del modelo ${design.modelType} para ${when}${used}: el fichero para presentarlo no se puede generar hasta que se publique.`;
}

/**
 * The period codes a model has, in order. With the profile's facts: the 303 is monthly for SII,
 * REDEME, large companies and VAT groups (art. 71.3 RIVA), else quarterly; the 349 monthly when the
 * intra-EU supplies exceed 50.000 € (art. 81.1 RIVA), else quarterly. Without facts: every period
 * any company may have. 390 and 347 are annual ('0A').
 */
export function validPeriodsOf(modelType: TaxModelType, facts?: TaxProfileFacts): ModelPeriod[] {
  const quarters = [...QUARTER_PERIODS];
  const months = [...MONTH_PERIODS];
  switch (modelType) {
    case '303':
      if (!facts) return [...quarters, ...months];
      return filesVatMonthly(facts) ? months : quarters;
    case '349':
      if (!facts) return [...quarters, ...months];
      return facts.intraEuMonthly ? months : quarters;
    case '390':
    case '347':
      return [ANNUAL_PERIOD];
    case '369':
      // Régimen de la Unión: quarterly (art. 369f Directive 2006/112/EC); the monthly IOSS is not modelled.
      return quarters;
    case '130':
    case '131':
      // Art. 109 RIRPF: quarterly instalments (130 cumulative from January).
      return quarters;
    case '202':
      // Art. 40 LIS: three instalments, in April, October and December.
      return [...INSTALMENT_PERIODS];
    case '190':
    case '180':
    case '193':
    case '296':
      return [ANNUAL_PERIOD];
    case '111':
    case '115':
    case '123':
    case '216':
      // Art. 108.1 RIRPF (and art. 69 RIS, art. 15 RIRNR): monthly for large companies, else quarterly.
      if (!facts) return [...quarters, ...months];
      return facts.largeCompany ? months : quarters;
  }
}

/**
 * Computes a model for a period with the design in force on its first day, with the
 * DESIGN_NOT_PUBLISHED warning when the AEAT has not published that design for the period. Throws
 * ModelDefinitionError TAX_027 for a period the model (or, with the input's facts, the company) does
 * not have, and TAX_023 when no design covers the period.
 */
export function computeModel(input: ModelInput): ModelComputation {
  const definition = modelDefinitions[input.modelType];
  if (!definition) throw new ModelDefinitionError('TAX_027', `Modelo no soportado: ${input.modelType}`);
  try {
    periodBounds(input.year, input.period);
  } catch (e) {
    if (e instanceof ModelPeriodError) throw new ModelDefinitionError('TAX_027', e.message);
    throw e;
  }
  if (!validPeriodsOf(input.modelType, input.facts).includes(input.period)) {
    const kind = periodicityOfPeriod(input.period);
    const what = kind === 'MONTHLY' ? 'mensual' : kind === 'QUARTERLY' ? 'trimestral' : 'anual';
    throw new ModelDefinitionError(
      'TAX_027',
      `El periodo ${input.period} (${what}) no corresponde al modelo ${input.modelType} de esta empresa.`,
    );
  }
  const design = designFor(input.modelType, input.year, input.period);
  if (!design) {
    throw new ModelDefinitionError(
      'TAX_023',
      `No hay diseño de registro del modelo ${input.modelType} para el periodo ${input.period} de ${input.year}.`,
    );
  }
  const computation = definition.compute(input, design);
  const unpublished = unpublishedDesignIssue(design, input.year, input.period);
  return unpublished ? { ...computation, issues: [...computation.issues, unpublished] } : computation;
}
