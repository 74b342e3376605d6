import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyUser } from '../types';
import { companiesKeys } from './keys';

/** `PATCH companyUsers.toggleStatus`: activates or deactivates a member. */
export function toggleCompanyUserStatus(
  companyId: string,
  userId: string,
  isActive: boolean,
): Promise<CompanyUser> {
  return apiRequest<CompanyUser>('companyUsers.toggleStatus', {
    params: { companyId, userId },
    body: { isActive },
  });
}

export function useToggleCompanyUserStatus(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      toggleCompanyUserStatus(companyId, userId, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.users(companyId) }),
  });
}
