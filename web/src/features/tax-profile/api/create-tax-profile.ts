import type { TaxProfileFacts } from '@shared/schemas/tax-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { type TaxProfileView, taxKeys } from '@web/lib/tax-api';
import { refreshAfterProfileWrite } from './keys';

export interface CreateTaxProfileInput {
  facts: TaxProfileFacts;
  taxYear: number;
  /**
   * Obligations already due when the profile is created: still PENDING (they show as overdue) or
   * 'ASSUME_FILED' (recorded as filed before the profile existed).
   */
  pastObligations: 'PENDING' | 'ASSUME_FILED';
}

/** `POST taxProfile.create`: the company's first tax profile, effective from 1 January of `taxYear`. */
export function createTaxProfile(companyId: string, body: CreateTaxProfileInput): Promise<TaxProfileView> {
  return apiRequest<TaxProfileView>('taxProfile.create', { params: { companyId }, body, companyId });
}

export function useCreateTaxProfile(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaxProfileInput) => createTaxProfile(companyId, body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(taxKeys.profile(companyId), profile);
      await refreshAfterProfileWrite(queryClient, companyId);
    },
  });
}
