import type { UpdateCompanyUserBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyUser } from '../types';
import { companiesKeys } from './keys';

/** `PUT companyUsers.update`: role, permissions, department, position. */
export function updateCompanyUser(
  companyId: string,
  userId: string,
  body: UpdateCompanyUserBody,
): Promise<CompanyUser> {
  return apiRequest<CompanyUser>('companyUsers.update', { params: { companyId, userId }, body });
}

export function useUpdateCompanyUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateCompanyUserBody }) =>
      updateCompanyUser(companyId, userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.users(companyId) }),
  });
}
