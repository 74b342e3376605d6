/** /app/admin/smart-inbox (ADMIN): every company's inbox at a glance (`adminInbox.overview`). */
import type { Page } from '@shared/api/envelope';
import type { AdminInboxRow, InboxSystemStatus } from '@shared/schemas/inbox';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { Table } from 'antd';
import { useState } from 'react';
import { inboxKeys } from '../api/keys';
import { SystemStatusTag } from './status-tags';

export function AdminInboxPage() {
  const [paging, setPaging] = useState({ page: 0, size: 20 });
  const overview = useQuery({
    queryKey: [...inboxKeys.admin, paging],
    queryFn: ({ signal }) =>
      apiRequest<Page<AdminInboxRow>>('adminInbox.overview', { query: paging, signal }),
  });
  return (
    <>
      <PageHeader title="Buzón inteligente: todas las empresas" />
      {overview.isError ? (
        <LoadError
          title="Error cargando los buzones"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Table<AdminInboxRow>
          rowKey="companyId"
          loading={overview.isPending}
          dataSource={overview.data?.content ?? []}
          locale={{ emptyText: <EmptyState description="No hay datos disponibles" /> }}
          pagination={{
            current: paging.page + 1,
            pageSize: paging.size,
            total: overview.data?.totalElements ?? 0,
            onChange: (page, size) => setPaging({ page: page - 1, size }),
          }}
          columns={[
            { title: 'Empresa', dataIndex: 'companyName', render: (n: string | null, r) => n ?? r.companyId },
            { title: 'Dirección', dataIndex: 'address' },
            {
              title: 'Estado',
              dataIndex: 'systemStatus',
              render: (s: InboxSystemStatus) => <SystemStatusTag status={s} />,
            },
            { title: 'Activado', dataIndex: 'enabled', render: (e: boolean) => (e ? 'Sí' : 'No') },
            { title: 'IMAP', dataIndex: 'imapConfigured', render: (e: boolean) => (e ? 'Sí' : 'No') },
            {
              title: 'Correos',
              dataIndex: 'totalEmails',
              align: 'right',
              render: (n: number) => formatInteger(n),
            },
            {
              title: 'Pendientes',
              dataIndex: 'pendingEmails',
              align: 'right',
              render: (n: number) => formatInteger(n),
            },
            {
              title: 'Con error',
              dataIndex: 'failedEmails',
              align: 'right',
              render: (n: number) => formatInteger(n),
            },
            {
              title: 'Último correo',
              dataIndex: 'lastReceivedAt',
              render: (d: string | null) => (d ? formatDateTime(d) : '—'),
            },
          ]}
        />
      )}
    </>
  );
}
