/**
 * Document-request campaigns (issue 21 item 5): the gestor's routes (campaigns.*: not company-scoped;
 * only the campaign's owner reads or changes it, an ADMIN passes; every target company must be one
 * the caller manages) and the client's checklist of the selected company (clientRequests.list).
 */

import { type ActionsOf, defineCompanyAction, defineUserAction } from '@functions/platform/http';
import {
  CampaignListQuery,
  CampaignSuggestionsQuery,
  CreateCampaignBody,
  SetCampaignItemBody,
} from '@shared/schemas/campaigns';
import * as z from 'zod';
import { toCampaign, toClientRequest } from '../model/campaign';
import { madridDay } from '../model/time';
import { activeTargetsOf, listOwnerCampaigns, requireOwnCampaign } from '../store/campaigns';
import {
  campaignDetail,
  closeCampaign,
  createCampaign,
  remindNow,
  sendCampaign,
  setCampaignItem,
  suggestionsFor,
} from '../store/campaigns-workflow';
import type { PortalDeps } from '../store/deps';

const PathId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Identificador no válido' });
const CampaignPath = z.object({ campaignId: PathId });
const ItemPath = z.object({ campaignId: PathId, targetCompanyId: PathId, itemId: PathId });

const callerOf = (auth: { userId: string; isAdmin: boolean }) => ({
  userId: auth.userId,
  isAdmin: auth.isAdmin,
});

export const listCampaignsRoute = defineUserAction({
  query: CampaignListQuery,
  run: async ({ auth, query }, deps: PortalDeps) =>
    (await listOwnerCampaigns(deps, auth.userId, query)).map(toCampaign),
});

export const createCampaignRoute = defineUserAction({
  body: CreateCampaignBody,
  status: 201,
  run: ({ auth, body }, deps: PortalDeps) => createCampaign(deps, callerOf(auth), body),
});

export const campaignSuggestionsRoute = defineUserAction({
  query: CampaignSuggestionsQuery,
  run: ({ auth, query }, deps: PortalDeps) =>
    suggestionsFor(deps, callerOf(auth), query.companyId, query.period),
});

export const getCampaignRoute = defineUserAction({
  params: CampaignPath,
  run: async ({ auth, params }, deps: PortalDeps) =>
    campaignDetail(deps, await requireOwnCampaign(deps, params.campaignId, callerOf(auth))),
});

export const sendCampaignRoute = defineUserAction({
  params: CampaignPath,
  run: async ({ auth, params }, deps: PortalDeps) =>
    sendCampaign(deps, await requireOwnCampaign(deps, params.campaignId, callerOf(auth))),
});

export const remindCampaignRoute = defineUserAction({
  params: CampaignPath,
  run: async ({ auth, params }, deps: PortalDeps) =>
    remindNow(deps, await requireOwnCampaign(deps, params.campaignId, callerOf(auth))),
});

export const closeCampaignRoute = defineUserAction({
  params: CampaignPath,
  run: async ({ auth, params }, deps: PortalDeps) =>
    closeCampaign(deps, await requireOwnCampaign(deps, params.campaignId, callerOf(auth))),
});

export const setCampaignItemRoute = defineUserAction({
  params: ItemPath,
  body: SetCampaignItemBody,
  run: async ({ auth, params, body }, deps: PortalDeps) =>
    setCampaignItem(
      deps,
      callerOf(auth),
      await requireOwnCampaign(deps, params.campaignId, callerOf(auth)),
      params.targetCompanyId,
      params.itemId,
      body,
    ),
});

/** The selected company's open checklists (ACTIVE campaigns), soonest deadline first. */
export const clientRequestsRoute = defineCompanyAction({
  run: async ({ scope }, deps: PortalDeps) => {
    const today = madridDay(deps.now());
    return (await activeTargetsOf(deps, scope.companyId))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.campaignId.localeCompare(b.campaignId))
      .map((t) => toClientRequest(t, today));
  },
});

export const campaignActions: Pick<
  ActionsOf<'portal', PortalDeps>,
  | 'campaigns.list'
  | 'campaigns.create'
  | 'campaigns.suggestions'
  | 'campaigns.get'
  | 'campaigns.send'
  | 'campaigns.remind'
  | 'campaigns.close'
  | 'campaigns.setItem'
  | 'clientRequests.list'
> = {
  'campaigns.list': listCampaignsRoute,
  'campaigns.create': createCampaignRoute,
  'campaigns.suggestions': campaignSuggestionsRoute,
  'campaigns.get': getCampaignRoute,
  'campaigns.send': sendCampaignRoute,
  'campaigns.remind': remindCampaignRoute,
  'campaigns.close': closeCampaignRoute,
  'campaigns.setItem': setCampaignItemRoute,
  'clientRequests.list': clientRequestsRoute,
};
