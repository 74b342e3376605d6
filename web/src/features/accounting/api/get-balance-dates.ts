import type { BalanceDates } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET accounting.balanceDates`: the month ends a balance sheet can be asked for, newest first. */
export function getBalanceDates(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<BalanceDates>('accounting.balanceDates', { companyId, signal });
}

export const balanceDatesQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'balance-dates'],
    queryFn: ({ signal }) => getBalanceDates(companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useBalanceDates(companyId: string | null) {
  return useQuery(balanceDatesQueryOptions(companyId));
}
