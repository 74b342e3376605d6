import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companiesKeys } from './keys';

/** `DELETE companyUsers.remove`: refused for the company's last active owner or gestor. */
export function removeCompanyUser(
  companyId: string,
  userId: string,
): Promise<{ removed: true; userId: string }> {
  return apiRequest('companyUsers.remove', { params: { companyId, userId } });
}

export function useRemoveCompanyUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeCompanyUser(companyId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.users(companyId) }),
  });
}
