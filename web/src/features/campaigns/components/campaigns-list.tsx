/**
 * The gestor's document-request campaigns (issue 21 item 5): name, period, due date, status and the
 * progress of each (companies complete, documents received), filtered by status; 'Nueva campaña'
 * opens the create drawer, a row opens the campaign (`?id=`).
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { CAMPAIGN_STATUSES, type Campaign, type CampaignStatus } from '@shared/schemas/campaigns';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { formatDate } from '@web/lib/format';
import { Button, Card, Flex, Progress, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCampaigns } from '../api/list-campaigns';
import {
  CAMPAIGN_STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGNS_TITLE,
  formatPeriod,
  percent,
} from '../utils/labels';
import { CreateCampaignDrawer } from './create-campaign-drawer';

type StatusFilter = CampaignStatus | 'ALL';

const FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'ALL', label: 'Todas' },
  ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: CAMPAIGN_STATUS_LABELS[s] })),
];

/** The detail's address: the same page with `?id=`. */
export const campaignHref = (campaignId: string) => `?id=${encodeURIComponent(campaignId)}`;

const columns: TableColumnsType<Campaign> = [
  {
    title: 'Campaña',
    key: 'name',
    render: (_, campaign) => <Link to={campaignHref(campaign.campaignId)}>{campaign.name}</Link>,
  },
  { title: 'Periodo', key: 'period', render: (_, campaign) => formatPeriod(campaign.period) },
  { title: 'Fecha límite', key: 'dueDate', render: (_, campaign) => formatDate(campaign.dueDate) },
  {
    title: 'Estado',
    key: 'status',
    render: (_, campaign) => (
      <Tag color={CAMPAIGN_STATUS_COLORS[campaign.status]}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</Tag>
    ),
  },
  {
    title: 'Clientes completos',
    key: 'companies',
    width: 200,
    render: (_, campaign) => (
      <Progress
        size="small"
        percent={percent(campaign.completeCompanies, campaign.companies)}
        format={() => `${campaign.completeCompanies}/${campaign.companies}`}
        aria-label={`${campaign.completeCompanies} de ${campaign.companies} clientes completos`}
      />
    ),
  },
  {
    title: 'Documentos recibidos',
    key: 'items',
    width: 200,
    render: (_, campaign) => (
      <Progress
        size="small"
        percent={percent(campaign.itemsDone, campaign.itemsTotal)}
        format={() => `${campaign.itemsDone}/${campaign.itemsTotal}`}
        aria-label={`${campaign.itemsDone} de ${campaign.itemsTotal} documentos recibidos`}
      />
    ),
  },
];

export function CampaignsList({ onCreated }: { onCreated: (campaign: Campaign) => void }) {
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [creating, setCreating] = useState(false);
  const campaigns = useCampaigns(status === 'ALL' ? null : status);

  let body: ReactNode;
  if (campaigns.isError) {
    body = (
      <LoadError
        title="Error cargando las campañas"
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
      />
    );
  } else if (!campaigns.isPending && campaigns.data.length === 0) {
    body = (
      <EmptyState
        description={
          status === 'ALL'
            ? 'Aún no has creado ninguna campaña de documentación'
            : `No hay campañas en estado ${CAMPAIGN_STATUS_LABELS[status]}`
        }
      >
        {status === 'ALL' ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            Nueva campaña
          </Button>
        ) : null}
      </EmptyState>
    );
  } else {
    body = (
      <Table<Campaign>
        rowKey="campaignId"
        columns={columns}
        dataSource={campaigns.data ?? []}
        loading={campaigns.isPending || campaigns.isPlaceholderData}
        pagination={false}
        scroll={{ x: 900 }}
      />
    );
  }

  return (
    <Flex vertical gap={0}>
      <PageHeader
        title={CAMPAIGNS_TITLE}
        meta={
          <Typography.Text type="secondary">
            Pide a tus clientes la documentación de cada periodo: cada uno ve su lista y solo se recuerda a
            quien le falta algo.
          </Typography.Text>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Nueva campaña
          </Button>
        }
      />
      <Card
        extra={
          <Segmented<StatusFilter>
            aria-label="Estado"
            size="small"
            value={status}
            options={FILTER_OPTIONS}
            onChange={setStatus}
          />
        }
        title="Campañas"
      >
        {body}
      </Card>
      <CreateCampaignDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(campaign) => {
          setCreating(false);
          onCreated(campaign);
        }}
      />
    </Flex>
  );
}
