import type { AssistantStatus } from '@shared/schemas/tax';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxProfileKeys } from './keys';

/** `GET taxAssistant.status`: whether the company has a profile and the assistant's saved draft. */
export function getAssistantStatus(companyId: string, signal?: AbortSignal): Promise<AssistantStatus> {
  return apiRequest<AssistantStatus>('taxAssistant.status', { params: { companyId }, companyId, signal });
}

export function useAssistantStatus(companyId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: taxProfileKeys.assistantStatus(companyId),
    queryFn: ({ signal }) => getAssistantStatus(companyId, signal),
    enabled,
  });
}
