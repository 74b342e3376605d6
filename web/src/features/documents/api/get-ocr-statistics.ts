import type { OCR_STATISTICS_PERIODS, OcrStatistics } from '@shared/schemas/documents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';

export type OcrPeriod = (typeof OCR_STATISTICS_PERIODS)[number];

/** `GET documents.ocrStatistics?period=` (MONTH by default, spec part 2 Document service). */
export function getOcrStatistics(period: OcrPeriod, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<OcrStatistics>('documents.ocrStatistics', { query: { period }, companyId, signal });
}

export const ocrStatisticsQueryOptions = (period: OcrPeriod, companyId: string | null) =>
  queryOptions({
    queryKey: [...documentKeys.statistics(companyId), period],
    queryFn: ({ signal }) => getOcrStatistics(period, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });

export function useOcrStatistics(period: OcrPeriod, companyId: string | null) {
  return useQuery(ocrStatisticsQueryOptions(period, companyId));
}
