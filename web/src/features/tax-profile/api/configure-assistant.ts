import type { AssistantAnswers, AssistantStatus } from '@shared/schemas/tax';
import type { TaxProfileFacts } from '@shared/schemas/tax-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxProfileKeys } from './keys';

export interface AssistantDraft {
  answers: AssistantAnswers;
  facts?: TaxProfileFacts;
}

/** `POST taxAssistant.configure`: keeps the answers (and the proposed facts) as the assistant's draft. */
export function configureAssistant(companyId: string, draft: AssistantDraft): Promise<AssistantStatus> {
  return apiRequest<AssistantStatus>('taxAssistant.configure', {
    params: { companyId },
    body: draft,
    companyId,
  });
}

export function useConfigureAssistant(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: AssistantDraft) => configureAssistant(companyId, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxProfileKeys.assistantStatus(companyId) }),
  });
}
