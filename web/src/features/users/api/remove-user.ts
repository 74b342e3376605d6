import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { usersKeys } from './keys';

/** `DELETE companyUsers.remove`: the member leaves the company. */
export function removeUser(companyId: string, userId: string): Promise<{ removed: true; userId: string }> {
  return apiRequest('companyUsers.remove', { params: { companyId, userId } });
}

export function useRemoveUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeUser(companyId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.company(companyId) }),
  });
}
