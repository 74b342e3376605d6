/**
 * The client's checklist of what its gestoría asks for (issue 21 item 5): each open request of the
 * selected company with its period, due date and days left (red at 7 days or less, yellow at 30 or
 * less: web/src/lib/dashboard-thresholds.ts), its items ticked as uploads arrive, and 'Subir' to the
 * upload page. For the client's dashboard and the document-upload page; it reads again live when a
 * request's notification or an upload's progress arrives (../hooks/use-live-client-requests.ts).
 */
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import type { CampaignItem, ClientDocumentRequest } from '@shared/schemas/campaigns';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { daysLeftLevel, LEVEL_COLORS, LEVEL_TAG_COLORS } from '@web/lib/dashboard-thresholds';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Flex, Progress, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useClientRequests } from '../api/client-requests';
import { useLiveClientRequests } from '../hooks/use-live-client-requests';
import {
  daysLeftText,
  formatPeriod,
  ITEM_STATUS_COLORS,
  ITEM_STATUS_LABELS,
  isItemDone,
  percent,
} from '../utils/labels';

export const CLIENT_REQUESTS_TITLE = 'Documentación pendiente';
export const CLIENT_REQUESTS_EMPTY = 'No tienes documentación pendiente';
export const CLIENT_REQUESTS_ERROR = 'Error cargando la documentación pendiente';

export interface ClientDocumentRequestsProps {
  companyId: string;
  /** 'Subir' links to the upload page; the upload page itself leaves it out. */
  showUploadLink?: boolean;
}

export function ClientDocumentRequests({ companyId, showUploadLink = true }: ClientDocumentRequestsProps) {
  const requests = useClientRequests(companyId);
  useLiveClientRequests(companyId);

  let body: ReactNode;
  if (requests.isPending) body = <LoadingBlock label="Cargando documentación pendiente" />;
  else if (requests.isError) {
    body = (
      <LoadError
        title={CLIENT_REQUESTS_ERROR}
        error={requests.error}
        onRetry={() => void requests.refetch()}
      />
    );
  } else if (requests.data.length === 0) body = <EmptyState description={CLIENT_REQUESTS_EMPTY} />;
  else {
    body = (
      <Flex vertical gap={16}>
        {requests.data.map((request) => (
          <RequestBlock key={request.campaignId} request={request} showUploadLink={showUploadLink} />
        ))}
      </Flex>
    );
  }
  return <Card title={CLIENT_REQUESTS_TITLE}>{body}</Card>;
}

function RequestBlock({
  request,
  showUploadLink,
}: {
  request: ClientDocumentRequest;
  showUploadLink: boolean;
}) {
  const level = daysLeftLevel(request.daysLeft);
  const complete = request.total > 0 && request.done >= request.total;
  return (
    <Flex vertical gap={8} role="group" aria-label={`Solicitud ${request.name}`}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Flex vertical gap={2}>
          <Typography.Text strong>{request.name}</Typography.Text>
          <Typography.Text type="secondary">
            {formatPeriod(request.period)} · Fecha límite {formatDate(request.dueDate)}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center" wrap>
          {complete ? (
            <Tag color="success">Completo</Tag>
          ) : (
            <Tag color={LEVEL_TAG_COLORS[level]}>{daysLeftText(request.daysLeft)}</Tag>
          )}
          {showUploadLink && !complete ? (
            <LinkButton
              type="primary"
              size="small"
              icon={<CloudUploadOutlined />}
              to={paths.app.client.documentUpload}
            >
              Subir
            </LinkButton>
          ) : null}
        </Flex>
      </Flex>
      {request.message ? (
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>
          {request.message}
        </Typography.Paragraph>
      ) : null}
      <Progress
        percent={percent(request.done, request.total)}
        strokeColor={complete ? LEVEL_COLORS.good : LEVEL_COLORS[level]}
        format={() => `${request.done} de ${request.total}`}
        aria-label={`${request.done} de ${request.total} documentos enviados`}
      />
      <Flex vertical gap={8}>
        {request.items.map((item) => (
          <ChecklistItem key={item.itemId} item={item} />
        ))}
      </Flex>
    </Flex>
  );
}

function ChecklistItem({ item }: { item: CampaignItem }) {
  const done = isItemDone(item.status);
  return (
    <Flex
      gap={8}
      align="start"
      justify="space-between"
      style={{ width: '100%' }}
      aria-label={`Documento ${item.label}`}
      role="group"
    >
      <Flex gap={8} align="start">
        {done ? (
          <CheckCircleFilled aria-label="Hecho" style={{ color: LEVEL_COLORS.good, marginTop: 4 }} />
        ) : (
          <ClockCircleOutlined
            aria-label="Pendiente de enviar"
            style={{ color: LEVEL_COLORS.warning, marginTop: 4 }}
          />
        )}
        <Flex vertical gap={0}>
          <Typography.Text>{item.label}</Typography.Text>
          {item.description ? <Typography.Text type="secondary">{item.description}</Typography.Text> : null}
          {item.minDocuments > 1 ? (
            <Typography.Text type="secondary">
              {Math.min(item.documentIds.length, item.minDocuments)} de {item.minDocuments} documentos
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
      <Tag color={ITEM_STATUS_COLORS[item.status]}>{ITEM_STATUS_LABELS[item.status]}</Tag>
    </Flex>
  );
}
