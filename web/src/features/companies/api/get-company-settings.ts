import type { CompanySettings } from '@shared/schemas/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { COMPANIES_STALE_MS, companiesKeys } from './keys';

/** `GET companies.getSettings`: invoicing defaults and preferences. */
export function getCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySettings> {
  return apiRequest<CompanySettings>('companies.getSettings', { params: { companyId }, signal });
}

export const getCompanySettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companiesKeys.settings(companyId),
    queryFn: ({ signal }) => getCompanySettings(companyId, signal),
    staleTime: COMPANIES_STALE_MS,
  });

export function useCompanySettings(companyId: string) {
  return useQuery(getCompanySettingsQueryOptions(companyId));
}
