import type { Page } from '@shared/api/envelope';
import type { CompanyType } from '@shared/db/records';
import type { CompanyEntry } from '@shared/schemas/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { COMPANIES_STALE_MS, companiesKeys } from './keys';

/** Spec part 1 §3: default page size 20, companies sorted by creation date, newest first. */
export const COMPANIES_PAGE_SIZE = 20;
export const COMPANIES_DEFAULT_SORT = 'createdAt,desc';
/** The fields the API sorts companies by. */
export const COMPANY_SORT_FIELDS = ['name', 'createdAt', 'nif'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

export interface GetCompaniesParams {
  /** Zero-based. */
  page: number;
  size?: number;
  search?: string;
  companyType?: CompanyType;
  isActive?: boolean;
  /** `field,asc|desc`. */
  sort?: string;
}

/** `GET companies.list`: the user's companies, one page at a time. */
export function getCompanies(
  { page, size = COMPANIES_PAGE_SIZE, search, companyType, isActive, sort }: GetCompaniesParams,
  signal?: AbortSignal,
): Promise<Page<CompanyEntry>> {
  return apiRequest<Page<CompanyEntry>>('companies.list', {
    query: {
      page,
      size,
      sort: sort ?? COMPANIES_DEFAULT_SORT,
      search: search?.trim(),
      companyType,
      isActive: isActive === undefined ? undefined : String(isActive),
    },
    signal,
  });
}

export const getCompaniesQueryOptions = (params: GetCompaniesParams) =>
  queryOptions({
    queryKey: [...companiesKeys.lists(), params],
    queryFn: ({ signal }) => getCompanies(params, signal),
    // Paging and searching keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    staleTime: COMPANIES_STALE_MS,
  });

export function useCompanies(params: GetCompaniesParams) {
  return useQuery(getCompaniesQueryOptions(params));
}
