import type { AdvisorCompaniesResult, AdvisorPeriod } from '@shared/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type AdvisorStatusFilter, advisorDashboardKeys } from './keys';

/** `GET dashboard.advisorCompanies`: each company's stats for the period, filtered by status. */
export function getAdvisorCompanies(
  period: AdvisorPeriod,
  status: AdvisorStatusFilter,
  signal?: AbortSignal,
): Promise<AdvisorCompaniesResult> {
  return apiRequest<AdvisorCompaniesResult>('dashboard.advisorCompanies', {
    query: { period, status },
    signal,
  });
}

export const getAdvisorCompaniesQueryOptions = (period: AdvisorPeriod, status: AdvisorStatusFilter) =>
  queryOptions({
    queryKey: advisorDashboardKeys.companies(period, status),
    queryFn: ({ signal }) => getAdvisorCompanies(period, status, signal),
    placeholderData: keepPreviousData,
  });

export function useAdvisorCompanies(period: AdvisorPeriod, status: AdvisorStatusFilter) {
  return useQuery(getAdvisorCompaniesQueryOptions(period, status));
}
