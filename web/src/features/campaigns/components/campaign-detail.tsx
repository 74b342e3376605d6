/**
 * One document-request campaign for its gestor (issue 21 item 5): its progress, each company's row
 * (documents done of total, last upload, reminders sent, 'Completo') with its checklist, and the
 * campaign's actions by status: a draft is sent ('Enviar'); an active one reminds now the companies
 * with items missing (and only them), closes items by hand with a note or reopens them, and is
 * closed ('Cerrar campaña').
 */
import type {
  Campaign,
  CampaignDetail as CampaignDetailData,
  CampaignItem,
  CampaignTarget,
} from '@shared/schemas/campaigns';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { errorMessage } from '@web/lib/api-error';
import { formatDate, formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useCampaign } from '../api/get-campaign';
import { type RemindAnswer, useCampaignActions } from '../api/mutations';
import {
  CAMPAIGN_STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGNS_PATH,
  CAMPAIGNS_TITLE,
  formatPeriod,
  ITEM_STATUS_COLORS,
  ITEM_STATUS_LABELS,
  percent,
} from '../utils/labels';

type TargetFilter = 'ALL' | 'INCOMPLETE' | 'COMPLETE';

/** What the toast says after 'Enviar recordatorio ahora'. */
export function remindedMessage(answer: RemindAnswer | undefined): string {
  const reminded = answer?.reminded;
  if (typeof reminded !== 'number') return 'Recordatorio enviado a los clientes con documentación pendiente';
  if (reminded === 0)
    return 'No hay clientes con documentación pendiente: no se ha enviado ningún recordatorio';
  return reminded === 1 ? 'Recordatorio enviado a 1 cliente' : `Recordatorio enviado a ${reminded} clientes`;
}

export function CampaignDetail({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  if (campaign.isPending) return <LoadingBlock label="Cargando campaña" />;
  if (campaign.isError) {
    return (
      <Flex vertical>
        <PageHeader title={CAMPAIGNS_TITLE} back={{ to: CAMPAIGNS_PATH, label: 'Campañas' }} />
        <LoadError
          title="Error cargando la campaña"
          error={campaign.error}
          onRetry={() => void campaign.refetch()}
        />
      </Flex>
    );
  }
  return <CampaignView campaign={campaign.data} />;
}

function CampaignView({ campaign }: { campaign: CampaignDetailData }) {
  const actions = useCampaignActions(campaign.campaignId);
  const [filter, setFilter] = useState<TargetFilter>('ALL');
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [closing, setClosing] = useState<{ target: CampaignTarget; item: CampaignItem } | null>(null);
  const [note, setNote] = useState('');
  const incomplete = campaign.targets.filter((t) => !t.complete).length;
  const editable = campaign.status === 'ACTIVE';
  const busy = actions.send.isPending || actions.remind.isPending || actions.close.isPending;

  const fail = (error: unknown) => toast.error(errorMessage(error));
  const send = () =>
    actions.send.mutate(undefined, {
      onSuccess: () => toast.success('Campaña enviada: tus clientes ya ven su lista de documentación'),
      onError: fail,
    });
  const remind = () =>
    actions.remind.mutate(undefined, {
      onSuccess: (answer) => toast.success(remindedMessage(answer)),
      onError: fail,
    });
  const close = () =>
    actions.close.mutate(undefined, { onSuccess: () => toast.success('Campaña cerrada'), onError: fail });
  const setItem = (
    target: CampaignTarget,
    item: CampaignItem,
    status: 'CLOSED_MANUALLY' | 'MISSING',
    text?: string,
  ) =>
    actions.setItem.mutate(
      {
        targetCompanyId: target.companyId,
        itemId: item.itemId,
        body: { status, ...(text?.trim() ? { note: text.trim() } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(status === 'MISSING' ? 'Documento reabierto' : 'Documento cerrado a mano');
          setClosing(null);
        },
        onError: fail,
      },
    );

  const targets = campaign.targets.filter((t) =>
    filter === 'ALL' ? true : filter === 'COMPLETE' ? t.complete : !t.complete,
  );

  const columns: TableColumnsType<CampaignTarget> = [
    { title: 'Cliente', key: 'company', render: (_, t) => t.companyName },
    {
      title: 'Documentos',
      key: 'done',
      width: 200,
      render: (_, t) => (
        <Progress
          size="small"
          percent={percent(t.done, t.total)}
          format={() => `${t.done}/${t.total}`}
          aria-label={`${t.done} de ${t.total} documentos de ${t.companyName}`}
        />
      ),
    },
    {
      title: 'Última subida',
      key: 'lastUpload',
      render: (_, t) => (t.lastUploadAt ? formatDateTime(t.lastUploadAt) : '—'),
    },
    {
      title: 'Recordatorios',
      key: 'reminders',
      render: (_, t) =>
        t.remindersSent > 0
          ? `${t.remindersSent}${t.lastReminderAt ? ` (último ${formatDate(t.lastReminderAt)})` : ''}`
          : 'Ninguno',
    },
    {
      title: 'Estado',
      key: 'complete',
      render: (_, t) =>
        t.complete ? <Tag color="success">Completo</Tag> : <Tag color="warning">Pendiente</Tag>,
    },
    {
      title: '',
      key: 'toggle',
      align: 'right',
      render: (_, t) => {
        const open = expanded.includes(t.companyId);
        return (
          <Button
            size="small"
            type="link"
            aria-expanded={open}
            aria-label={`${open ? 'Ocultar' : 'Ver'} documentos de ${t.companyName}`}
            onClick={() =>
              setExpanded((keys) => (open ? keys.filter((k) => k !== t.companyId) : [...keys, t.companyId]))
            }
          >
            {open ? 'Ocultar documentos' : 'Ver documentos'}
          </Button>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={campaign.name}
        back={{ to: CAMPAIGNS_PATH, label: 'Campañas' }}
        meta={
          <>
            <Tag color={CAMPAIGN_STATUS_COLORS[campaign.status]}>
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </Tag>
            <span>{formatPeriod(campaign.period)}</span>
            <span>· Fecha límite {formatDate(campaign.dueDate)}</span>
          </>
        }
        actions={
          <CampaignActions
            campaign={campaign}
            incomplete={incomplete}
            busy={busy}
            on={{ send, remind, close }}
          />
        }
      />
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Clientes completos">
            <Progress
              style={{ minWidth: 200 }}
              percent={percent(campaign.completeCompanies, campaign.companies)}
              format={() => `${campaign.completeCompanies}/${campaign.companies}`}
              aria-label={`${campaign.completeCompanies} de ${campaign.companies} clientes completos`}
            />
          </Descriptions.Item>
          <Descriptions.Item label="Documentos recibidos">
            <Progress
              style={{ minWidth: 200 }}
              percent={percent(campaign.itemsDone, campaign.itemsTotal)}
              format={() => `${campaign.itemsDone}/${campaign.itemsTotal}`}
              aria-label={`${campaign.itemsDone} de ${campaign.itemsTotal} documentos recibidos`}
            />
          </Descriptions.Item>
          <Descriptions.Item label="Creada">{formatDateTime(campaign.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Enviada">
            {campaign.sentAt ? formatDateTime(campaign.sentAt) : 'Sin enviar'}
          </Descriptions.Item>
          {campaign.closedAt ? (
            <Descriptions.Item label="Cerrada">{formatDateTime(campaign.closedAt)}</Descriptions.Item>
          ) : null}
          {campaign.message ? (
            <Descriptions.Item label="Mensaje" span={2}>
              <span style={{ whiteSpace: 'pre-line' }}>{campaign.message}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card
        title="Clientes"
        extra={
          <Segmented<TargetFilter>
            aria-label="Clientes"
            size="small"
            value={filter}
            options={[
              { value: 'ALL', label: 'Todos' },
              { value: 'INCOMPLETE', label: 'Con documentación pendiente' },
              { value: 'COMPLETE', label: 'Completos' },
            ]}
            onChange={setFilter}
          />
        }
      >
        <Table<CampaignTarget>
          rowKey="companyId"
          columns={columns}
          dataSource={targets}
          pagination={targets.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 800 }}
          expandable={{
            expandedRowKeys: expanded,
            showExpandColumn: false,
            expandedRowRender: (target) => (
              <Checklist
                target={target}
                editable={editable}
                busy={actions.setItem.isPending}
                onClose={(item) => {
                  setNote('');
                  setClosing({ target, item });
                }}
                onReopen={(item) => setItem(target, item, 'MISSING')}
              />
            ),
          }}
        />
      </Card>
      <Modal
        open={closing !== null}
        title={closing ? `Cerrar a mano: ${closing.item.label}` : ''}
        okText="Cerrar a mano"
        cancelText="Cancelar"
        confirmLoading={actions.setItem.isPending}
        onCancel={() => setClosing(null)}
        onOk={() => closing && setItem(closing.target, closing.item, 'CLOSED_MANUALLY', note)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {closing?.target.companyName}: el documento deja de pedirse y no cuenta para los recordatorios.
          </Typography.Text>
          <Input.TextArea
            aria-label="Nota"
            rows={3}
            maxLength={500}
            value={note}
            placeholder="Por qué se cierra (p. ej., lo entregó en mano)"
            onChange={(e) => setNote(e.target.value)}
          />
        </Flex>
      </Modal>
    </Flex>
  );
}

function CampaignActions({
  campaign,
  incomplete,
  busy,
  on,
}: {
  campaign: Campaign;
  incomplete: number;
  busy: boolean;
  on: { send: () => void; remind: () => void; close: () => void };
}) {
  if (campaign.status === 'DRAFT') {
    return (
      <Popconfirm
        title={`¿Enviar la campaña a ${campaign.companies === 1 ? '1 cliente' : `${campaign.companies} clientes`}?`}
        description="Cada cliente recibirá una notificación y verá su lista de documentación pendiente."
        okText="Enviar"
        cancelText="Cancelar"
        onConfirm={on.send}
      >
        <Button type="primary" loading={busy}>
          Enviar
        </Button>
      </Popconfirm>
    );
  }
  if (campaign.status !== 'ACTIVE') return null;
  return (
    <>
      <Popconfirm
        title="¿Enviar un recordatorio ahora?"
        description={`Solo se recuerda a los clientes con documentación pendiente: ${incomplete} de ${campaign.companies} (como mucho un recordatorio al día a cada uno).`}
        okText="Enviar recordatorio"
        cancelText="Cancelar"
        onConfirm={on.remind}
        disabled={incomplete === 0}
      >
        <Button disabled={busy || incomplete === 0}>Enviar recordatorio ahora</Button>
      </Popconfirm>
      <Popconfirm
        title="¿Cerrar la campaña?"
        description="Tus clientes dejarán de ver esta lista y no se enviarán más recordatorios."
        okText="Cerrar campaña"
        cancelText="Cancelar"
        okButtonProps={{ danger: true }}
        onConfirm={on.close}
      >
        <Button danger disabled={busy}>
          Cerrar campaña
        </Button>
      </Popconfirm>
    </>
  );
}

function Checklist({
  target,
  editable,
  busy,
  onClose,
  onReopen,
}: {
  target: CampaignTarget;
  editable: boolean;
  busy: boolean;
  onClose: (item: CampaignItem) => void;
  onReopen: (item: CampaignItem) => void;
}) {
  return (
    <Flex vertical gap={8} role="list" aria-label={`Documentos de ${target.companyName}`}>
      {target.items.map((item) => (
        <Flex
          key={item.itemId}
          role="listitem"
          aria-label={item.label}
          gap={8}
          align="center"
          justify="space-between"
          wrap
        >
          <Flex vertical gap={0}>
            <Typography.Text>{item.label}</Typography.Text>
            <Typography.Text type="secondary">
              {Math.min(item.documentIds.length, item.minDocuments)} de {item.minDocuments}{' '}
              {item.minDocuments === 1 ? 'documento' : 'documentos'}
              {item.receivedAt ? ` · recibido el ${formatDate(item.receivedAt)}` : ''}
            </Typography.Text>
            {item.note ? <Typography.Text type="secondary">Nota: {item.note}</Typography.Text> : null}
          </Flex>
          <Flex gap={8} align="center">
            <Tag color={ITEM_STATUS_COLORS[item.status]}>{ITEM_STATUS_LABELS[item.status]}</Tag>
            {editable && item.status === 'MISSING' ? (
              <Button size="small" disabled={busy} onClick={() => onClose(item)}>
                Cerrar a mano
              </Button>
            ) : null}
            {editable && item.status !== 'MISSING' ? (
              <Button size="small" disabled={busy} onClick={() => onReopen(item)}>
                Reabrir
              </Button>
            ) : null}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
