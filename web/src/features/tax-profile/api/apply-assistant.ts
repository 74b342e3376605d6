import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxProfileView } from '@web/lib/tax-api';
import { type AssistantDraft, configureAssistant } from './configure-assistant';
import { refreshAfterProfileWrite } from './keys';

/**
 * `POST taxAssistant.apply`: the draft becomes the company's tax profile (created, or a new version
 * of it) and its obligations are planned; the draft is deleted.
 */
export function applyAssistant(companyId: string): Promise<TaxProfileView> {
  return apiRequest<TaxProfileView>('taxAssistant.apply', { params: { companyId }, body: {}, companyId });
}

/**
 * 'Aplicar': the answers and the facts the person reviewed are saved as the draft first, so what is
 * applied is exactly what the screen showed, then the draft is applied. Every tax query of the
 * company (profile, calendar, alerts, widgets) is refreshed afterwards.
 */
export function useApplyAssistant(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: AssistantDraft) => {
      await configureAssistant(companyId, draft);
      return applyAssistant(companyId);
    },
    onSuccess: () => refreshAfterProfileWrite(queryClient, companyId),
  });
}
