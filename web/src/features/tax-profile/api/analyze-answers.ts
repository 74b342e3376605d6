import type { AssistantAnswers, AssistantProposal } from '@shared/schemas/tax';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** `POST taxAssistant.analyze`: the facts the answers imply, the models they bring and the issues. Writes nothing. */
export function analyzeAnswers(companyId: string, answers: AssistantAnswers): Promise<AssistantProposal> {
  return apiRequest<AssistantProposal>('taxAssistant.analyze', {
    params: { companyId },
    body: { answers },
    companyId,
  });
}

export function useAnalyzeAnswers(companyId: string) {
  return useMutation({ mutationFn: (answers: AssistantAnswers) => analyzeAnswers(companyId, answers) });
}
