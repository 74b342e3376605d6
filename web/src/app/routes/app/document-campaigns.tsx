/**
 * /app/document-campaigns (issue 21 item 5, GESTOR): the gestor's document-request campaigns, and
 * `?id=` one campaign with each client's checklist (a new campaign opens there, ready to send).
 */
import type { Campaign } from '@shared/schemas/campaigns';
import { CampaignDetail } from '@web/features/campaigns/components/campaign-detail';
import { CampaignsList } from '@web/features/campaigns/components/campaigns-list';
import { useSearchParams } from 'react-router-dom';

export default function DocumentCampaignsRoute() {
  const [search, setSearch] = useSearchParams();
  const campaignId = search.get('id');
  if (campaignId) return <CampaignDetail key={campaignId} campaignId={campaignId} />;
  return <CampaignsList onCreated={(campaign: Campaign) => setSearch({ id: campaign.campaignId })} />;
}
