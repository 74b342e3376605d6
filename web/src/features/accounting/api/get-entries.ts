import type { Page } from '@shared/api/envelope';
import type { EntrySource, JournalEntry } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';
import { type ListAnswer, toPage } from './list-page';

export const ENTRIES_PAGE_SIZE = 20;

/** The journal's filters (EntryListQuery, spec part 2 §7): page zero-based. */
export interface EntryListParams {
  page: number;
  size: number;
  fromDate?: string;
  toDate?: string;
  search?: string;
  accountId?: string;
  onlyUnlocked?: boolean;
  source?: EntrySource;
}

/** `GET accounting.listEntries`. */
export function getEntries(
  params: EntryListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<JournalEntry>> {
  const { onlyUnlocked, ...rest } = params;
  return apiRequest<ListAnswer<JournalEntry>>('accounting.listEntries', {
    query: { ...rest, onlyUnlocked: onlyUnlocked ? 'true' : undefined },
    companyId,
    signal,
  }).then((answer) => toPage(answer, params.page, params.size));
}

export const entriesQueryOptions = (params: EntryListParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.entries(companyId), params],
    queryFn: ({ signal }) => getEntries(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useEntries(params: EntryListParams, companyId: string | null) {
  return useQuery(entriesQueryOptions(params, companyId));
}
