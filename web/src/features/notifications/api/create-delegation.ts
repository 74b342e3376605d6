import type { CreateDelegationBody, NotificationDelegation } from '@shared/schemas/notification-analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** `POST notifications.createDelegation`: the caller's notifications copied to another staff member. */
export function createDelegation(
  companyId: string,
  body: CreateDelegationBody,
): Promise<NotificationDelegation> {
  return apiRequest<NotificationDelegation>('notifications.createDelegation', { body, companyId });
}

export function useCreateDelegation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDelegationBody) => createDelegation(companyId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.delegations(companyId) }),
  });
}
