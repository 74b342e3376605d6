import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxProfileView } from '@web/lib/tax-api';
import { type AssistantDraft, configureAssistant } from './configure-assistant';
import { refreshAfterProfileWrite } from './keys';

/**
 * `POST taxAssistant.apply`: the draft becomes the company's tax profile (created, or a new version
 * of it) and its obligations are planned; the draft is deleted.
 */
export function applyAssistant(
  companyId: string,
  pastObligations: 'PENDING' | 'ASSUME_FILED' = 'PENDING',
): Promise<TaxProfileView> {
  return apiRequest<TaxProfileView>('taxAssistant.apply', {
    params: { companyId },
    body: { pastObligations },
    companyId,
  });
}

/**
 * 'Aplicar': the answers and the facts the person reviewed are saved as the draft first, so what is
 * applied is exactly what the screen showed, then the draft is applied. Every tax query of the
 * company (profile, calendar, alerts, widgets) is refreshed afterwards.
 */
export function useApplyAssistant(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      pastFiled,
      ...draft
    }: AssistantDraft & { /** Obligations already due were filed before Cuadra. */ pastFiled: boolean }) => {
      await configureAssistant(companyId, draft);
      return applyAssistant(companyId, pastFiled ? 'ASSUME_FILED' : 'PENDING');
    },
    onSuccess: () => refreshAfterProfileWrite(queryClient, companyId),
  });
}
