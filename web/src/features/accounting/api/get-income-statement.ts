import type { IncomeStatement, StatementLayout } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

export interface IncomeStatementParams {
  fromDate?: string;
  toDate?: string;
  layout: StatementLayout;
}

/** `GET accounting.incomeStatement`. */
export function getIncomeStatement(
  params: IncomeStatementParams,
  companyId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest<IncomeStatement>('accounting.incomeStatement', {
    query: { ...params },
    companyId,
    signal,
  });
}

export const incomeStatementQueryOptions = (params: IncomeStatementParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'income-statement', params],
    queryFn: ({ signal }) => getIncomeStatement(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useIncomeStatement(params: IncomeStatementParams, companyId: string | null) {
  return useQuery(incomeStatementQueryOptions(params, companyId));
}
