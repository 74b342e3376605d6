import type { CockpitView, TaxModelType } from '@shared/schemas/tax-models';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxKeys } from '@web/lib/tax-api';

export interface CockpitParams {
  modelType: TaxModelType;
  year: number;
  period: string;
}

/**
 * Under `['tax', null]`, the tax queries of no one company: `refreshTaxQueries` after any company's
 * tax write (a model generated or filed on its own page) refreshes the cockpit too.
 */
export const cockpitKeys = {
  all: [...taxKeys.company(null), 'cockpit'] as const,
  view: (params: CockpitParams) => [...taxKeys.company(null), 'cockpit', params] as const,
};

/**
 * `GET taxCockpit.get?modelType=&year=&period=`: one row per client company of the gestor with the
 * model's status, result, the previous period's and last year's results and its anomalies. One call
 * carries the whole screen: no request per row, so a hundred clients stay one answer.
 */
export function getCockpit(params: CockpitParams, signal?: AbortSignal): Promise<CockpitView> {
  return apiRequest<CockpitView>('taxCockpit.get', { query: { ...params }, signal });
}

export const cockpitQueryOptions = (params: CockpitParams) =>
  queryOptions({
    queryKey: cockpitKeys.view(params),
    queryFn: ({ signal }) => getCockpit(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCockpit(params: CockpitParams) {
  return useQuery(cockpitQueryOptions(params));
}
