import type { CompanyReadingMetrics, MetricsPeriodQuery } from '@shared/schemas/ai-metrics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';

/** `GET documents.aiMetrics?fromDate=&toDate=`: accuracy from the reviews, usage and cost by engine. */
export function getAiMetrics(period: MetricsPeriodQuery, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<CompanyReadingMetrics>('documents.aiMetrics', {
    query: { ...period },
    companyId,
    signal,
  });
}

export const aiMetricsQueryOptions = (period: MetricsPeriodQuery, companyId: string | null) =>
  queryOptions({
    queryKey: [...documentKeys.aiMetrics(companyId), period],
    queryFn: ({ signal }) => getAiMetrics(period, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });

export function useAiMetrics(period: MetricsPeriodQuery, companyId: string | null) {
  return useQuery(aiMetricsQueryOptions(period, companyId));
}
