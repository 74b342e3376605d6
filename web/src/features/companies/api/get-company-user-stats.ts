import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyUserStats } from '../types';
import { companiesKeys } from './keys';

/** `GET companyUsers.stats`: how many members, active, inactive, invited, by role. */
export function getCompanyUserStats(companyId: string, signal?: AbortSignal): Promise<CompanyUserStats> {
  return apiRequest<CompanyUserStats>('companyUsers.stats', { params: { companyId }, signal });
}

export const getCompanyUserStatsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKeys.users(companyId), 'stats'],
    queryFn: ({ signal }) => getCompanyUserStats(companyId, signal),
  });

export function useCompanyUserStats(companyId: string) {
  return useQuery(getCompanyUserStatsQueryOptions(companyId));
}
