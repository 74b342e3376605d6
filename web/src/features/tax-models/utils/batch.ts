/**
 * Batch generation as the form holds it (models × periods of one year) and as the API takes it: one
 * `BatchGenerateBody` per period (quarter or month) with the periodic models that have it (303, 349,
 * the 130 and the withholdings 111, 115, 123, 216), plus one without a period for the annual ones
 * (390, 347). The spec's limits (part 2 §5) are checked with the contract's own schemas, so the
 * messages are the API's: 'El año debe estar entre 2000 y 2100', 'Debe seleccionar al menos un
 * modelo', 'No se pueden generar más de 20 modelos simultáneamente'.
 */
import { validPeriodsOf } from '@shared/fiscal/models';
import { BatchGenerateBody, ModelYear, type TaxModelType } from '@shared/schemas/tax-models';

const QUARTER_OR_MONTH = /^([1-4]T|0[1-9]|1[0-2])$/;

/** Filed once a year ('0A' is its only period): 390, 347. */
export const isAnnualModel = (m: TaxModelType): boolean => validPeriodsOf(m).every((p) => p === '0A');

/**
 * Whether the batch can ask for the model: its periods are quarters, months or the year (the API's
 * `quarter`/`month`), not the 202's instalments ('1P'..'3P').
 */
export const isBatchModel = (m: TaxModelType): boolean =>
  validPeriodsOf(m).every((p) => p === '0A' || QUARTER_OR_MONTH.test(p));

/** '1T'..'4T' (quarters) or '01'..'12' (months). */
export type BatchPeriod = string;

export interface BatchForm {
  year: number | null;
  models: TaxModelType[];
  periods: BatchPeriod[];
  regenerate: boolean;
  /**
   * The periods a model has for this company (the 130 only quarters; a monthly filer's 303 months);
   * absent: every quarter and month of the model.
   */
  periodsOf?: ((m: TaxModelType) => readonly string[]) | undefined;
}

const everyPeriodOf = (m: TaxModelType): readonly string[] => validPeriodsOf(m);

export interface BatchPair {
  modelType: TaxModelType;
  period: string;
}

/** Every model and period the form asks for (an annual model once, as '0A'; each other in its own periods). */
export function batchPairs(form: Pick<BatchForm, 'models' | 'periods' | 'periodsOf'>): BatchPair[] {
  const periodsOf = form.periodsOf ?? everyPeriodOf;
  const pairs: BatchPair[] = [];
  for (const modelType of form.models) {
    if (isAnnualModel(modelType)) pairs.push({ modelType, period: '0A' });
    else
      for (const period of form.periods)
        if (periodsOf(modelType).includes(period)) pairs.push({ modelType, period });
  }
  return pairs;
}

export type BatchErrors = Partial<Record<'year' | 'models' | 'periods', string>>;

const periodPart = (period: string): { quarter: number } | { month: number } =>
  period.endsWith('T') ? { quarter: Number(period[0]) } : { month: Number(period) };

/** The requests of the form, or the messages of what is wrong with it. */
export function batchRequests(form: BatchForm): { bodies: BatchGenerateBody[]; errors: BatchErrors } {
  const errors: BatchErrors = {};
  const year = ModelYear.safeParse(form.year ?? Number.NaN);
  if (!year.success) errors.year = year.error.issues[0]?.message;
  const periodic = form.models.filter((m) => !isAnnualModel(m));
  const annual = form.models.filter(isAnnualModel);
  const pairs = batchPairs(form);
  // The count of models to generate is the pairs' (a 303 of four quarters is four models).
  const count = BatchGenerateBody.shape.models.safeParse(pairs.map((p) => p.modelType));
  if (form.models.length === 0) {
    errors.models = BatchGenerateBody.shape.models.safeParse([]).error?.issues[0]?.message;
  } else if (!count.success) {
    errors.models = count.error.issues[0]?.message;
  }
  if (periodic.length > 0 && form.periods.length === 0) {
    errors.periods = 'Selecciona al menos un trimestre o un mes';
  }
  if (Object.keys(errors).length > 0 || !year.success) return { bodies: [], errors };
  const bodies: BatchGenerateBody[] = [];
  if (periodic.length > 0) {
    for (const period of form.periods) {
      const models = pairs.filter((p) => p.period === period).map((p) => p.modelType);
      if (models.length > 0)
        bodies.push({ year: year.data, ...periodPart(period), models, regenerate: form.regenerate });
    }
  }
  if (annual.length > 0) bodies.push({ year: year.data, models: annual, regenerate: form.regenerate });
  return { bodies, errors };
}

/** The bodies that regenerate the given pairs (those a first run found already generated). */
export function regenerateRequests(year: number, pairs: readonly BatchPair[]): BatchGenerateBody[] {
  const byPeriod = new Map<string, TaxModelType[]>();
  for (const p of pairs) byPeriod.set(p.period, [...(byPeriod.get(p.period) ?? []), p.modelType]);
  return [...byPeriod].map(([period, models]) => ({
    year,
    ...(period === '0A' ? {} : periodPart(period)),
    models,
    regenerate: true,
  }));
}
