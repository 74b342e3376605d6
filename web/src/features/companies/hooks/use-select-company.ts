import type { CompanyEntry } from '@shared/schemas/companies';
import { setSelectedCompany, useSelectedCompany } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useCallback } from 'react';
import { toCompanyEntry } from '../types';

/** The working company (`selected_company`): which one it is, and making another one it. */
export function useSelectCompany() {
  const selected = useSelectedCompany();
  const select = useCallback((company: CompanyEntry) => {
    setSelectedCompany(toCompanyEntry(company));
    toast.success(`Empresa de trabajo: ${company.name}`);
  }, []);
  return { selectedId: selected?.companyId ?? null, select };
}
