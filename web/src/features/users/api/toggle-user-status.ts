import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyUser } from '../types';
import { usersKeys } from './keys';

/** `PATCH companyUsers.toggleStatus`: activates or deactivates a member. */
export function toggleUserStatus(companyId: string, userId: string, isActive: boolean): Promise<CompanyUser> {
  return apiRequest<CompanyUser>('companyUsers.toggleStatus', {
    params: { companyId, userId },
    body: { isActive },
  });
}

export function useToggleUserStatus(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      toggleUserStatus(companyId, userId, isActive),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.company(companyId) }),
  });
}
