import type { TrialBalance, TrialBalanceQuery } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

export interface TrialBalanceParams {
  fromDate?: string;
  toDate?: string;
  level: TrialBalanceQuery['level'];
  includeZero: boolean;
}

/** `GET accounting.trialBalance` (balance de sumas y saldos). */
export function getTrialBalance(params: TrialBalanceParams, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<TrialBalance>('accounting.trialBalance', {
    query: { ...params, includeZero: params.includeZero ? 'true' : undefined },
    companyId,
    signal,
  });
}

export const trialBalanceQueryOptions = (params: TrialBalanceParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'trial-balance', params],
    queryFn: ({ signal }) => getTrialBalance(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useTrialBalance(params: TrialBalanceParams, companyId: string | null) {
  return useQuery(trialBalanceQueryOptions(params, companyId));
}
