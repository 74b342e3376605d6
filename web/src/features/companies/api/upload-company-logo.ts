import type { CompanySettings, UploadCompanyLogoBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companiesKeys } from './keys';

/** `PUT companies.putLogo`: the invoice logo (PNG or JPEG, ≤ 512 KB) as base64; answers the settings. */
export function uploadCompanyLogo(companyId: string, body: UploadCompanyLogoBody): Promise<CompanySettings> {
  return apiRequest<CompanySettings>('companies.putLogo', { params: { companyId }, body });
}

export function useUploadCompanyLogo(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadCompanyLogoBody) => uploadCompanyLogo(companyId, body),
    onSuccess: async (settings) => {
      queryClient.setQueryData(companiesKeys.settings(companyId), settings);
      await queryClient.invalidateQueries({ queryKey: companiesKeys.settings(companyId) });
    },
  });
}
