import type { FinancialReport } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET accounting.financialReport`: the year's revenue, expense, result, ratios and monthly result. */
export function getFinancialReport(year: number, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<FinancialReport>('accounting.financialReport', {
    query: { year },
    companyId,
    signal,
  });
}

export const financialReportQueryOptions = (year: number, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'financial-report', year],
    queryFn: ({ signal }) => getFinancialReport(year, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useFinancialReport(year: number, companyId: string | null) {
  return useQuery(financialReportQueryOptions(year, companyId));
}
