import type { AccountCategory } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { accountingKeys } from './keys';
import { type ListAnswer, toPage } from './list-page';

/** `GET accounting.categories`: the PGC groups and subgroups (they never change for a company). */
export function getAccountCategories(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<ListAnswer<AccountCategory>>('accounting.categories', { companyId, signal }).then(
    (answer) => toPage(answer).content,
  );
}

export const accountCategoriesQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: accountingKeys.categories(companyId),
    queryFn: ({ signal }) => getAccountCategories(companyId, signal),
    staleTime: 30 * 60_000,
    enabled: companyId !== null,
  });

export function useAccountCategories(companyId: string | null) {
  return useQuery(accountCategoriesQueryOptions(companyId));
}
