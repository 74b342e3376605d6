import type { CompanySettings, UpdateCompanySettingsBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companiesKeys } from './keys';

/** `PUT companies.updateSettings`: a partial update; answers the whole settings. */
export function updateCompanySettings(
  companyId: string,
  body: UpdateCompanySettingsBody,
): Promise<CompanySettings> {
  return apiRequest<CompanySettings>('companies.updateSettings', { params: { companyId }, body });
}

export function useUpdateCompanySettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsBody) => updateCompanySettings(companyId, body),
    onSuccess: (settings) => queryClient.setQueryData(companiesKeys.settings(companyId), settings),
  });
}
