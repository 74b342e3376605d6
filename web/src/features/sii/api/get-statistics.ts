import type { SiiBook, SiiStatistics, SiiStatPeriod } from '@shared/schemas/sii';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { SII_STALE_MS, siiKeys } from './keys';

export interface SiiStatisticsParams {
  period: SiiStatPeriod;
  book?: SiiBook;
}

/**
 * `GET sii.statistics?period=&book=` (company in x-company-id): the SII widget data of spec part 3
 * (counts, per book, the 10 problem invoices, the deadlines of the next 4 days).
 */
export function getSiiStatistics(
  params: SiiStatisticsParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<SiiStatistics> {
  return apiRequest<SiiStatistics>('sii.statistics', {
    query: { period: params.period, book: params.book },
    companyId,
    signal,
  });
}

export const siiStatisticsQueryOptions = (params: SiiStatisticsParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...siiKeys.statistics(companyId), params],
    queryFn: ({ signal }) => getSiiStatistics(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: SII_STALE_MS,
    enabled: companyId !== null,
  });

export function useSiiStatistics(params: SiiStatisticsParams, companyId: string | null) {
  return useQuery(siiStatisticsQueryOptions(params, companyId));
}
