import type { CampaignSuggestion } from '@shared/schemas/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { campaignsKeys } from './keys';

/** `GET campaigns.suggestions`: the items a company's tax profile suggests for a period. */
export function getSuggestions(
  companyId: string,
  period: string,
  signal?: AbortSignal,
): Promise<CampaignSuggestion[]> {
  return apiRequest<CampaignSuggestion[]>('campaigns.suggestions', { query: { companyId, period }, signal });
}

/** Asked only with a company chosen and a valid period. */
export function useSuggestions(companyId: string | null, period: string | null) {
  return useQuery({
    queryKey: campaignsKeys.suggestions(companyId ?? '', period ?? ''),
    queryFn: ({ signal }) => getSuggestions(companyId ?? '', period ?? '', signal),
    enabled: companyId !== null && period !== null,
  });
}
