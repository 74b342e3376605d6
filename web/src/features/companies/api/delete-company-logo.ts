import type { CompanySettings } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companiesKeys } from './keys';

/** `DELETE companies.deleteLogo`: invoices go back to having no logo; answers the settings. */
export function deleteCompanyLogo(companyId: string): Promise<CompanySettings> {
  return apiRequest<CompanySettings>('companies.deleteLogo', { params: { companyId } });
}

export function useDeleteCompanyLogo(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCompanyLogo(companyId),
    onSuccess: async (settings) => {
      queryClient.setQueryData(companiesKeys.settings(companyId), settings);
      await queryClient.invalidateQueries({ queryKey: companiesKeys.settings(companyId) });
    },
  });
}
