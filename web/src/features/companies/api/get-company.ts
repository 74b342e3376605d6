import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyDetail } from '../types';
import { COMPANIES_STALE_MS, companiesKeys } from './keys';

/** `GET companies.get`: one company with its address, fiscal data and what the caller may do. */
export function getCompany(companyId: string, signal?: AbortSignal): Promise<CompanyDetail> {
  return apiRequest<CompanyDetail>('companies.get', { params: { companyId }, signal });
}

export const getCompanyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companiesKeys.detail(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
    staleTime: COMPANIES_STALE_MS,
  });

export function useCompany(companyId: string) {
  return useQuery(getCompanyQueryOptions(companyId));
}
