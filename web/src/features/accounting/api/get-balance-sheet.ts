import type { BalanceSheet, PeriodType, StatementLayout } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

export interface BalanceSheetParams {
  balanceDate?: string;
  /** Spec part 2 §9: MONTHLY by default. */
  periodType: PeriodType;
  layout: StatementLayout;
}

/** `GET accounting.balanceSheet`. */
export function getBalanceSheet(params: BalanceSheetParams, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<BalanceSheet>('accounting.balanceSheet', { query: { ...params }, companyId, signal });
}

export const balanceSheetQueryOptions = (params: BalanceSheetParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'balance-sheet', params],
    queryFn: ({ signal }) => getBalanceSheet(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useBalanceSheet(params: BalanceSheetParams, companyId: string | null) {
  return useQuery(balanceSheetQueryOptions(params, companyId));
}
