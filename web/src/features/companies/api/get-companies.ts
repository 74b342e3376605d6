import type { Page } from '@shared/api/envelope';
import type { CompanyEntry } from '@shared/schemas/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** Spec part 1 §3: default page size 20, companies sorted by creation date, newest first. */
export const COMPANIES_PAGE_SIZE = 20;
const COMPANIES_SORT = 'createdAt,desc';
/** Spec part 1 §9: companies are cached 30 minutes (60 in development). */
const COMPANIES_STALE_MS = (import.meta.env.DEV ? 60 : 30) * 60_000;

export interface GetCompaniesParams {
  /** Zero-based. */
  page: number;
  size?: number;
  search?: string;
}

/** `GET companies.list`: the user's companies, one page at a time. */
export function getCompanies(
  { page, size = COMPANIES_PAGE_SIZE, search }: GetCompaniesParams,
  signal?: AbortSignal,
): Promise<Page<CompanyEntry>> {
  return apiRequest<Page<CompanyEntry>>('companies.list', {
    query: { page, size, sort: COMPANIES_SORT, search: search?.trim() },
    signal,
  });
}

export const getCompaniesQueryOptions = (params: GetCompaniesParams) =>
  queryOptions({
    queryKey: ['companies', 'list', params],
    queryFn: ({ signal }) => getCompanies(params, signal),
    // Paging and searching keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    staleTime: COMPANIES_STALE_MS,
  });

export function useCompanies(params: GetCompaniesParams) {
  return useQuery(getCompaniesQueryOptions(params));
}
