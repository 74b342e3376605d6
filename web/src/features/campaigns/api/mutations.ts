/**
 * The gestor's writes on campaigns: create, send, remind, close, and close or reopen one item.
 * Each refreshes the campaigns' lists and the campaign's detail.
 */
import type {
  Campaign,
  CampaignTarget,
  CreateCampaignBody,
  SetCampaignItemBody,
} from '@shared/schemas/campaigns';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { campaignsKeys } from './keys';

export function refreshCampaigns(queryClient: QueryClient, campaignId?: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
    campaignId ? queryClient.invalidateQueries({ queryKey: campaignsKeys.detail(campaignId) }) : null,
  ]);
}

/** `POST campaigns.create`: a DRAFT; nothing reaches the clients until it is sent. */
export function createCampaign(body: z.input<typeof CreateCampaignBody>): Promise<Campaign> {
  return apiRequest<Campaign>('campaigns.create', { body });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => refreshCampaigns(queryClient),
  });
}

/** `POST campaigns.send`: the campaign becomes ACTIVE; its clients are notified and see their checklist. */
export function sendCampaign(campaignId: string): Promise<Campaign> {
  return apiRequest<Campaign>('campaigns.send', { params: { campaignId } });
}

/** What `campaigns.remind` answers, as far as the page reads it: how many companies were reminded. */
export interface RemindAnswer {
  reminded?: number;
}

/** `POST campaigns.remind`: a reminder now, only to the companies with items missing. */
export function remindCampaign(campaignId: string): Promise<RemindAnswer | undefined> {
  return apiRequest<RemindAnswer | undefined>('campaigns.remind', { params: { campaignId } });
}

/** `POST campaigns.close`: the campaign ends; nothing more is asked or reminded. */
export function closeCampaign(campaignId: string): Promise<Campaign> {
  return apiRequest<Campaign>('campaigns.close', { params: { campaignId } });
}

export interface SetItemInput {
  targetCompanyId: string;
  itemId: string;
  body: SetCampaignItemBody;
}

/** `POST campaigns.setItem`: the gestor closes an item by hand (with a note) or reopens it. */
export function setCampaignItem(
  campaignId: string,
  input: SetItemInput,
): Promise<CampaignTarget | undefined> {
  return apiRequest<CampaignTarget | undefined>('campaigns.setItem', {
    params: { campaignId, targetCompanyId: input.targetCompanyId, itemId: input.itemId },
    body: input.body,
  });
}

/** One hook per campaign for the detail page's actions. */
export function useCampaignActions(campaignId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => refreshCampaigns(queryClient, campaignId);
  return {
    send: useMutation({ mutationFn: () => sendCampaign(campaignId), onSettled }),
    remind: useMutation({ mutationFn: () => remindCampaign(campaignId), onSettled }),
    close: useMutation({ mutationFn: () => closeCampaign(campaignId), onSettled }),
    setItem: useMutation({
      mutationFn: (input: SetItemInput) => setCampaignItem(campaignId, input),
      onSettled,
    }),
  };
}
