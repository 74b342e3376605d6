import type { UpdateCompanyBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { getSelectedCompany, setSelectedCompany } from '@web/lib/session';
import { type CompanyDetail, toCompanyEntry } from '../types';
import { companiesKeys } from './keys';

/** `PUT companies.update`: answers the company as `companies.get` does. */
export function updateCompany(companyId: string, body: UpdateCompanyBody): Promise<CompanyDetail> {
  return apiRequest<CompanyDetail>('companies.update', { params: { companyId }, body });
}

export function useUpdateCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => updateCompany(companyId, body),
    onSuccess: (company) => {
      queryClient.setQueryData(companiesKeys.detail(companyId), company);
      // The header shows the selected company's name: keep the stored copy fresh.
      if (getSelectedCompany()?.companyId === companyId) setSelectedCompany(toCompanyEntry(company));
      return queryClient.invalidateQueries({ queryKey: companiesKeys.lists() });
    },
  });
}
