import type { AccountStats } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET accounting.accountStats` (spec part 2 §3 chart stats); `chartType` null: not initialised yet. */
export function getAccountStats(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<AccountStats>('accounting.accountStats', { companyId, signal });
}

export const accountStatsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.accounts(companyId), 'stats'],
    queryFn: ({ signal }) => getAccountStats(companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useAccountStats(companyId: string | null) {
  return useQuery(accountStatsQueryOptions(companyId));
}
