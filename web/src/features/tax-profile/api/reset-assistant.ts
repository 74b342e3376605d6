import type { AssistantStatus } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxProfileKeys } from './keys';

/** `POST taxAssistant.reset`: forgets the assistant's draft (the profile, if any, is kept). */
export function resetAssistant(companyId: string): Promise<AssistantStatus> {
  return apiRequest<AssistantStatus>('taxAssistant.reset', { params: { companyId }, companyId });
}

export function useResetAssistant(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetAssistant(companyId),
    onSuccess: (status) => queryClient.setQueryData(taxProfileKeys.assistantStatus(companyId), status),
  });
}
