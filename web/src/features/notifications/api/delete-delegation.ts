import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `DELETE notifications.deleteDelegation`. */
export function deleteDelegation(companyId: string, delegationId: string): Promise<unknown> {
  return apiRequest('notifications.deleteDelegation', { params: { delegationId }, companyId });
}

export function useDeleteDelegation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delegationId: string) => deleteDelegation(companyId, delegationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.delegations(companyId) }),
  });
}
