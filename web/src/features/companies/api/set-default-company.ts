import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { getSelectedCompany, setSelectedCompany } from '@web/lib/session';
import { type CompanyDetail, toCompanyEntry } from '../types';
import { companiesKeys } from './keys';

/** `PUT companies.setDefault`: the company selected at every login from now on (spec part 1 §4). */
export function setDefaultCompany(companyId: string): Promise<CompanyDetail> {
  return apiRequest<CompanyDetail>('companies.setDefault', { params: { companyId } });
}

export function useSetDefaultCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCompany,
    onSuccess: (company) => {
      const selected = getSelectedCompany();
      if (selected) {
        setSelectedCompany(
          selected.companyId === company.companyId
            ? toCompanyEntry(company)
            : { ...selected, isDefault: false },
        );
      }
      // Two companies changed: the old default and the new one.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companiesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companiesKeys.details() }),
      ]);
    },
  });
}
