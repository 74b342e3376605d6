import type { CampaignDetail } from '@shared/schemas/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { campaignsKeys } from './keys';

/** `GET campaigns.get`: one campaign with every company's checklist. */
export function getCampaign(campaignId: string, signal?: AbortSignal): Promise<CampaignDetail> {
  return apiRequest<CampaignDetail>('campaigns.get', { params: { campaignId }, signal });
}

export const getCampaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignsKeys.detail(campaignId),
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
  });

export function useCampaign(campaignId: string) {
  return useQuery(getCampaignQueryOptions(campaignId));
}
