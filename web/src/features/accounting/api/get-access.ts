import type { AccountingAccess } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { accountingKeys } from './keys';

/** `GET accounting.access` (spec part 2 §3 access info): whether the plan covering the company unlocks it. */
export function getAccountingAccess(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<AccountingAccess>('accounting.access', { companyId, signal });
}

export const accountingAccessQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: accountingKeys.access(companyId),
    queryFn: ({ signal }) => getAccountingAccess(companyId, signal),
    // A plan changes rarely; the page asks again after an upgrade (a new session).
    staleTime: 5 * 60_000,
    enabled: companyId !== null,
  });

export function useAccountingAccess(companyId: string | null) {
  return useQuery(accountingAccessQueryOptions(companyId));
}
