/**
 * A demo document-request campaign for `npm start` (issue 21 item 5), through the REST API as the demo
 * gestor (gestor@cuadra.test) would create it: "Documentación del <quarter>" for the current quarter,
 * to Panadería La Espiga SL (whose client is cliente@cuadra.test) and Transportes Levante Norte, each
 * with the items its tax profile suggests, due ten days after the quarter ends, and sent, so the
 * client sees its checklist and the gestor the progress per company. Idempotent: a campaign of that
 * name and period already there is only sent if it was left as a draft.
 */

import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { Campaign, CampaignDetail, CreateCampaignBody } from '@shared/schemas/campaigns';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { type ApiResponse, apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
/** The second company of the demo gestor that gets the campaign. */
export const DEMO_CAMPAIGN_SECOND_COMPANY = 'demo-transportes-levante';

function ok<T>(res: ApiResponse<T>, what: string): T {
  if (!res.body.success) throw new Error(`${what} failed (${res.status}): ${JSON.stringify(res.body.error)}`);
  return res.body.data;
}

/** The current quarter (`2026-Q4`), its name and the due date: ten days after it ends. */
export function demoCampaignFor(today: string): Pick<CreateCampaignBody, 'name' | 'period' | 'dueDate'> {
  const year = Number(today.slice(0, 4));
  const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  const end = new Date(Date.UTC(year, q * 3, 10));
  return {
    name: `Documentación del ${q}.º trimestre de ${year}`,
    period: `${year}-Q${q}`,
    dueDate: end.toISOString().slice(0, 10),
  };
}

export async function seedDemoCampaigns(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const api = apiClient(info.url);
  const token = await api.login(GESTOR);
  const wanted = demoCampaignFor(madridDate(new Date()));
  const existing = ok<Campaign[]>(
    await api.request<Campaign[]>('GET', '/api/v1/document-campaigns', {
      token,
      query: { period: wanted.period },
    }),
    'list campaigns',
  ).find((c) => c.name === wanted.name);
  let campaign: Campaign = existing
    ? existing
    : ok<CampaignDetail>(
        await api.request<CampaignDetail>('POST', '/api/v1/document-campaigns', {
          token,
          body: {
            ...wanted,
            message:
              'Buenos días: para cerrar el trimestre necesitamos la documentación de la lista. Podéis subirla desde «Enviar documentos».',
            companyIds: [DEMO_INVOICING_COMPANY, DEMO_CAMPAIGN_SECOND_COMPANY],
          } satisfies Omit<CreateCampaignBody, 'items'>,
        }),
        'create campaign',
      );
  if (campaign.status === 'DRAFT') {
    campaign = ok<CampaignDetail>(
      await api.request<CampaignDetail>('POST', `/api/v1/document-campaigns/${campaign.campaignId}/send`, {
        token,
      }),
      'send campaign',
    );
    log(`Demo campaign "${campaign.name}" sent to ${campaign.companies} companies`);
  }
}
