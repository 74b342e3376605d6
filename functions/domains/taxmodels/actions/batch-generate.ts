/**
 * POST …/models/batch-generate (spec part 2 §5 Tax): the chosen models of a year, quarter or month
 * generated at once (year 2000-2100, quarter 1-4, month 1-12, 1 to 20 models, with the spec's
 * messages). Each model becomes its own period codes:
 * - monthly filers: the month, the quarter's three months, or the year's twelve;
 * - quarterly filers: the quarter (of the month when a month is given), or the year's four;
 * - annual models (390, 347): '0A' for a whole-year request or for the last quarter / December
 *   (they are filed with it), otherwise not applicable.
 * A model the company does not owe (its profile's facts) is NOT_APPLICABLE; one already generated is
 * ALREADY_GENERATED unless `regenerate`; a filed one is never touched. The income-tax returns go the
 * same way: the 130 quarterly (an exempt professional, art. 109.1 RIRPF, owes none: NOT_APPLICABLE),
 * the 111, 115, 123 and 216 quarterly or, for a large company, monthly (art. 108.1 RIRPF).
 */

import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError, isAppError } from '@shared/api/errors';
import { BatchGenerateBody, type BatchGenerateResult, type TaxModelType } from '@shared/schemas/tax-models';
import { factsAt, requirementOf, validPeriodsOf } from '../model/compute';
import { periodicityOfCode, periodRange, periodsOfRequest, quarterOfMonth } from '../model/periods';
import { requireTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { generateModel } from './models';

type Result = BatchGenerateResult['results'][number];

/** Work in flight at once: each generation is a Query, a few reads and one transaction. */
const CONCURRENCY = 4;

async function pool<T, R>(items: readonly T[], n: number, work: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  });
  await Promise.all(runners);
  return out;
}

export async function batchGenerate(
  input: { companyId: string; userId: string; body: BatchGenerateBody; log?: Logger },
  deps: TaxModelsDeps,
): Promise<BatchGenerateResult> {
  const { body, companyId } = input;
  if (
    body.quarter !== undefined &&
    body.month !== undefined &&
    quarterOfMonth(body.month) !== `${body.quarter}T`
  ) {
    throw new AppError('CORE_004', 'El mes no pertenece al trimestre indicado.', { field: 'month' });
  }
  const profile = await requireTaxProfile(deps, companyId);
  const startCode =
    body.month !== undefined
      ? String(body.month).padStart(2, '0')
      : body.quarter !== undefined
        ? `${body.quarter}T`
        : '0A';
  const facts = factsAt(profile, periodRange(body.year, startCode).start);

  const todo: { modelType: TaxModelType; period: string }[] = [];
  const results: Result[] = [];
  for (const modelType of [...new Set(body.models)]) {
    const periodicity = periodicityOfCode(validPeriodsOf(profile, facts, modelType)[0] as string);
    const periods = periodsOfRequest(periodicity, body);
    if (!requirementOf(profile, facts, modelType)) {
      for (const period of periods.length > 0 ? periods : ['0A']) {
        results.push({
          modelType,
          period,
          outcome: 'NOT_APPLICABLE',
          modelId: null,
          message: `Según su configuración fiscal, la empresa no presenta el modelo ${modelType}.`,
        });
      }
      continue;
    }
    if (periods.length === 0) {
      results.push({
        modelType,
        period: '0A',
        outcome: 'NOT_APPLICABLE',
        modelId: null,
        message: `El modelo ${modelType} es anual: se genera con el año completo, el 4.º trimestre o diciembre.`,
      });
      continue;
    }
    for (const period of periods) todo.push({ modelType, period });
  }

  const generated = await pool(todo, CONCURRENCY, async ({ modelType, period }): Promise<Result> => {
    try {
      const model = await generateModel(
        {
          companyId,
          modelType,
          userId: input.userId,
          body: { year: body.year, period, regenerate: body.regenerate },
        },
        deps,
      );
      return { modelType, period, outcome: 'GENERATED', modelId: model.modelId, message: 'Modelo generado.' };
    } catch (e) {
      if (isAppError(e) && e.code === 'TAX_022') {
        const submitted = e.details?.reason === 'ALREADY_SUBMITTED';
        return {
          modelType,
          period,
          outcome: 'ALREADY_GENERATED',
          modelId: `${body.year}-${modelType}-${period}`,
          message: submitted
            ? 'El modelo ya está presentado: no se vuelve a generar.'
            : 'El modelo ya estaba generado para este periodo.',
        };
      }
      if (isAppError(e)) return { modelType, period, outcome: 'ERROR', modelId: null, message: e.message };
      input.log?.error('batch generation failed', { modelType, period, error: (e as Error).message });
      return {
        modelType,
        period,
        outcome: 'ERROR',
        modelId: null,
        message: 'Error interno al generar el modelo.',
      };
    }
  });
  return { year: body.year, results: [...results, ...generated] };
}

export const batchGenerateRoute = defineCompanyAction({
  body: BatchGenerateBody,
  run: ({ auth, scope, body, log }, deps: TaxModelsDeps) =>
    batchGenerate({ companyId: scope.companyId, userId: auth.userId, body, log }, deps),
});
