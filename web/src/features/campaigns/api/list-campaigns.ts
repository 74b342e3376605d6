import type { Page } from '@shared/api/envelope';
import type { Campaign, CampaignStatus } from '@shared/schemas/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { campaignsKeys } from './keys';

/** `GET campaigns.list`: the gestor's campaigns, optionally of one status (a page's `content` is read too). */
export async function listCampaigns(
  status: CampaignStatus | null,
  signal?: AbortSignal,
): Promise<Campaign[]> {
  const data = await apiRequest<Campaign[] | Page<Campaign>>('campaigns.list', {
    query: { status: status ?? undefined },
    signal,
  });
  return Array.isArray(data) ? data : data.content;
}

export const listCampaignsQueryOptions = (status: CampaignStatus | null) =>
  queryOptions({
    queryKey: campaignsKeys.list(status),
    queryFn: ({ signal }) => listCampaigns(status, signal),
    placeholderData: keepPreviousData,
  });

export function useCampaigns(status: CampaignStatus | null) {
  return useQuery(listCampaignsQueryOptions(status));
}
