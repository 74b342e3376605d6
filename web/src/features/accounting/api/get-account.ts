import type { Account } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET accounting.getAccount`. */
export function getAccount(accountId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<Account>('accounting.getAccount', { params: { accountId }, companyId, signal });
}

export const accountQueryOptions = (accountId: string | undefined, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.accounts(companyId), 'detail', accountId],
    queryFn: ({ signal }) => getAccount(accountId ?? '', companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null && Boolean(accountId),
  });

export function useAccount(accountId: string | undefined, companyId: string | null) {
  return useQuery(accountQueryOptions(accountId, companyId));
}
