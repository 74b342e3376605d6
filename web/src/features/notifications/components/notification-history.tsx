import type { AnalyticsChannel, NotificationHistoryEntry } from '@shared/schemas/notification-analytics';
import { EmptyState, LoadError } from '@web/components/load-states';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { Flex, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useId, useState } from 'react';
import { HISTORY_PAGE_SIZE, useNotificationHistory } from '../api/get-history';

const CHANNEL_LABELS: Record<AnalyticsChannel, string> = {
  IN_APP: 'En la app',
  WEBSOCKET: 'Tiempo real',
  EMAIL: 'Email',
};

const EMAIL_STATUS: Record<NotificationHistoryEntry['emailStatus'], { label: string; color: string }> = {
  SENT: { label: 'Enviado', color: 'green' },
  FAILED: { label: 'Error al enviar', color: 'red' },
  PENDING_DIGEST: { label: 'En el próximo resumen', color: 'blue' },
  NOT_SENT: { label: 'No enviado', color: 'default' },
};

/** 'Historial': the caller's notifications of a date range, with how each was delivered. */
export function NotificationHistory({ companyId }: { companyId: string }) {
  const id = useId();
  const [page, setPage] = useState(0);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const history = useNotificationHistory(companyId, {
    page,
    from: from || undefined,
    to: to || undefined,
  });

  const columns: TableColumnsType<NotificationHistoryEntry> = [
    { title: 'Notificación', dataIndex: 'title', key: 'title' },
    {
      title: 'Fecha',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 150,
      render: (createdAt: string) => (
        <span title={formatDateTime(createdAt)}>{formatRelativeTime(createdAt)}</span>
      ),
    },
    {
      title: 'Canales',
      key: 'channels',
      render: (_, e) => (
        <Flex wrap gap={4}>
          {e.channels.map((c) => (
            <Tag key={c}>{CHANNEL_LABELS[c]}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Email',
      key: 'email',
      render: (_, e) => (
        <Tag color={EMAIL_STATUS[e.emailStatus].color}>{EMAIL_STATUS[e.emailStatus].label}</Tag>
      ),
    },
    {
      title: 'Leída',
      key: 'readAt',
      render: (_, e) => (e.readAt ? formatDateTime(e.readAt) : 'No'),
    },
    {
      title: 'Abierta',
      key: 'clickedAt',
      render: (_, e) => (e.clickedAt ? formatDateTime(e.clickedAt) : 'No'),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="end">
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-from`}>Desde</label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(0);
            }}
          />
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-to`}>Hasta</label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => {
              setTo(e.target.value);
              setPage(0);
            }}
          />
        </Flex>
      </Flex>
      {history.isError ? (
        <LoadError
          title="Error al cargar notificaciones"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <Table<NotificationHistoryEntry>
          rowKey="notificationId"
          columns={columns}
          dataSource={history.data?.content ?? []}
          loading={history.isFetching}
          scroll={{ x: 900 }}
          locale={{
            emptyText: history.isPending ? (
              ' '
            ) : (
              <EmptyState description="No hay notificaciones en estas fechas" />
            ),
          }}
          pagination={{
            current: page + 1,
            pageSize: HISTORY_PAGE_SIZE,
            total: history.data?.totalElements ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          onChange={(pagination) => setPage((pagination.current ?? 1) - 1)}
        />
      )}
    </Flex>
  );
}
