/**
 * A model's stored returns read by year (issue 15; spec part 2 §7: the 115's "get by year and
 * quarter, by year, metrics", the 123's and 131's "metrics, statistics"), generic over the model type
 * and answered from the stored models alone (one Query of the company's models of a year, #79):
 * - by year: `GET …/models/{modelType}/years/{year}` → each period the company files (its profile's
 *   periodicity: 1T..4T, or 01..12 for a large company's withholdings) with its stored return or
 *   NOT_GENERATED;
 * - by year and quarter: `GET …/years/{year}/quarters/{quarter}` → the stored return of that quarter,
 *   404 CORE_006 'El modelo no existe.' when none (as the model's get);
 * - metrics: `GET …/models/{modelType}/metrics?year=` (default this year in Madrid) → per period the
 *   result, bases, withholdings, recipients and status, and the year's totals (model/metrics.ts);
 * - statistics: `GET …/models/{modelType}/statistics?year=` (default every year) → counts by status and
 *   result type, sums and the average result;
 * - activities (131 only): `GET …/models/131/activities?year=` (default this year) → each activity (IAE
 *   epigraph) the year's 131s declare, with the modules of its latest return and the periods it is in.
 * Same access as the model's get (tax.read: a CLIENTE needs VIEW_TAX_DOCUMENTS).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { ModuleActivityInput } from '@shared/fiscal/models/types';
import {
  ModelQuarterPath,
  ModelTypePath,
  ModelYearPath,
  type ModelYearPeriod,
  ModelYearQuery,
  type ModelYearView,
  modelIdOf,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import { factsAt, validPeriodsOf } from '../model/compute';
import { madridToday } from '../model/dates';
import { modelMetrics, modelStatistics } from '../model/metrics';
import { byPeriodDesc, toModelView } from '../model/views';
import { getTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels, requireModel } from '../store/models';

/** The periods the company files the model for in `year` (none without a tax profile). */
async function filedPeriods(
  deps: TaxModelsDeps,
  companyId: string,
  modelType: TaxModelType,
  year: number,
): Promise<readonly string[]> {
  const profile = await getTaxProfile(deps, companyId);
  if (!profile) return [];
  return validPeriodsOf(profile, factsAt(profile, `${year}-01-01`), modelType);
}

/** The stored returns of the model of `year` (views, oldest period first). */
async function storedOfYear(deps: TaxModelsDeps, companyId: string, modelType: TaxModelType, year: number) {
  const stored = await listModels(deps, companyId, { year, modelType });
  return stored.map(toModelView).sort((a, b) => byPeriodDesc(b, a));
}

export async function modelsByYear(
  input: { companyId: string; modelType: TaxModelType; year: number },
  deps: TaxModelsDeps,
): Promise<ModelYearView> {
  const { companyId, modelType, year } = input;
  const [periods, stored] = await Promise.all([
    filedPeriods(deps, companyId, modelType, year),
    storedOfYear(deps, companyId, modelType, year),
  ]);
  const byPeriod = new Map<string, TaxModelView>(stored.map((m) => [m.period, m]));
  const rows: ModelYearPeriod[] = periods.map((period) => {
    const model = byPeriod.get(period) ?? null;
    return {
      period,
      modelId: modelIdOf(year, modelType, period),
      status: model?.status ?? 'NOT_GENERATED',
      model,
    };
  });
  // A return of a period the profile no longer has (its periodicity changed) is still the company's.
  for (const m of stored.filter((x) => !periods.includes(x.period)))
    rows.push({ period: m.period, modelId: m.modelId, status: m.status, model: m });
  rows.sort((a, b) =>
    byPeriodDesc({ year, period: b.period, modelType }, { year, period: a.period, modelType }),
  );
  return { modelType, year, periods: rows };
}

export const modelsByYearRoute = defineCompanyAction({
  params: ModelYearPath,
  run: ({ scope, params }, deps: TaxModelsDeps) =>
    modelsByYear({ companyId: scope.companyId, modelType: params.modelType, year: params.year }, deps),
});

export const modelByQuarterRoute = defineCompanyAction({
  params: ModelQuarterPath,
  run: async ({ scope, params }, deps: TaxModelsDeps): Promise<TaxModelView> =>
    toModelView(
      await requireModel(
        deps,
        scope.companyId,
        params.modelType,
        modelIdOf(params.year, params.modelType, `${params.quarter}T`),
      ),
    ),
});

export const modelMetricsRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ModelYearQuery,
  run: async ({ scope, params, query }, deps: TaxModelsDeps) => {
    const year = query.year ?? Number(madridToday(deps.now()).slice(0, 4));
    const [periods, stored] = await Promise.all([
      filedPeriods(deps, scope.companyId, params.modelType, year),
      listModels(deps, scope.companyId, { year, modelType: params.modelType }),
    ]);
    return modelMetrics(params.modelType, year, periods, stored);
  },
});

export const modelStatisticsRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ModelYearQuery,
  run: async ({ scope, params, query }, deps: TaxModelsDeps) => {
    const stored = await listModels(deps, scope.companyId, { year: query.year, modelType: params.modelType });
    return modelStatistics(params.modelType, query.year ?? null, stored);
  },
});

/** One activity of the year's 131s: its latest modules and the periods that declare it. */
export interface Activity131 extends ModuleActivityInput {
  periods: string[];
}

/** The activities the stored 131s of a year declare (`modulesData`), oldest period first. */
export function activitiesOf131(
  stored: readonly { period: string; adjustments?: { modulesData?: ModuleActivityInput[] } }[],
): Activity131[] {
  const byCode = new Map<string, Activity131>();
  const sorted = [...stored].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  for (const m of sorted) {
    for (const a of m.adjustments?.modulesData ?? []) {
      const code = a.activityCode.trim().toUpperCase();
      const periods = byCode.get(code)?.periods ?? [];
      // The latest return's modules stand for the activity; every period that declares it is listed.
      byCode.set(code, { ...a, activityCode: code, periods: [...periods, m.period] });
    }
  }
  return [...byCode.values()].sort((a, b) => (a.activityCode < b.activityCode ? -1 : 1));
}

export const modelActivitiesRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ModelYearQuery,
  run: async ({ scope, params, query }, deps: TaxModelsDeps) => {
    if (params.modelType !== '131') {
      throw new AppError(
        'CORE_004',
        'Solo el modelo 131 (estimación objetiva) declara actividades con módulos.',
        {
          field: 'modelType',
        },
      );
    }
    const year = query.year ?? Number(madridToday(deps.now()).slice(0, 4));
    const stored = await listModels(deps, scope.companyId, { year, modelType: '131' });
    return { modelType: '131' as const, year, activities: activitiesOf131(stored) };
  },
});
