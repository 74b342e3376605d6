import type { Page } from '@shared/api/envelope';
import type { Account, AccountLevel, AccountType } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';
import { type ListAnswer, toPage } from './list-page';

/** The accounts list's filters (AccountListQuery, spec part 2 §7): page zero-based, size up to 100. */
export interface AccountListParams {
  page: number;
  size: number;
  type?: AccountType;
  search?: string;
  codePrefix?: string;
  onlyAcceptingEntries?: boolean;
  level?: AccountLevel;
}

/** `GET accounting.listAccounts`. */
export function getAccounts(
  params: AccountListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<Account>> {
  const { onlyAcceptingEntries, ...rest } = params;
  return apiRequest<ListAnswer<Account>>('accounting.listAccounts', {
    query: { ...rest, onlyAcceptingEntries: onlyAcceptingEntries ? 'true' : undefined },
    companyId,
    signal,
  }).then((answer) => toPage(answer, params.page, params.size));
}

export const accountsQueryOptions = (params: AccountListParams, companyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...accountingKeys.accounts(companyId), 'list', params],
    queryFn: ({ signal }) => getAccounts(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null && enabled,
  });

export function useAccounts(params: AccountListParams, companyId: string | null, enabled = true) {
  return useQuery(accountsQueryOptions(params, companyId, enabled));
}
