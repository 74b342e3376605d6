import type { CreateCompanyBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CreatedCompany } from '../types';
import { companiesKeys } from './keys';

/** `POST companies.create`: the creator joins the company (a gestor as its advisor). */
export function createCompany(body: CreateCompanyBody): Promise<CreatedCompany> {
  return apiRequest<CreatedCompany>('companies.create', { body });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.lists() }),
  });
}
