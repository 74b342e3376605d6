import type { BoxSourcesView, TaxModelType } from '@shared/schemas/tax-models';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';

/** The API lists 100 invoices a page (BoxSourcesQuery). */
export const BOX_SOURCES_PAGE_SIZE = 100;

export interface BoxSourcesParams {
  modelType: TaxModelType;
  year: number;
  period: string;
  box: string;
  /** Zero-based. */
  page: number;
}

/**
 * `GET taxModels.boxSources?year=&period=&box=&page=`: the invoices and received invoices whose
 * aggregates a box of the period's model sums (the preview's `sources` names the keys; this lists
 * the documents, each with its base, cuota and total in those keys).
 */
export function getBoxSources(
  companyId: string,
  { modelType, year, period, box, page }: BoxSourcesParams,
  signal?: AbortSignal,
): Promise<BoxSourcesView> {
  return apiRequest<BoxSourcesView>('taxModels.boxSources', {
    params: { companyId, modelType },
    query: { year, period, box, page, size: BOX_SOURCES_PAGE_SIZE },
    companyId,
    signal,
  });
}

export function useBoxSources(
  companyId: string | null,
  params: BoxSourcesParams | null,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: ['tax', companyId, 'models', 'box-sources', params] as const,
    queryFn: ({ signal }) => getBoxSources(companyId ?? '', params as BoxSourcesParams, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null && params !== null,
  });
}
