import CheckOutlined from '@ant-design/icons/CheckOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import { EmptyState, LoadError } from '@web/components/load-states';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Badge, Button, Flex, Popconfirm, Segmented, Table, type TableColumnsType, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useClickNotification } from '../api/click-notification';
import { useDeleteNotification } from '../api/delete-notification';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { useMarkNotificationUnread } from '../api/mark-unread';
import type { NotificationItem } from '../types';

type Filter = 'all' | 'unread';

/**
 * The notifications of the selected company, 20 per page (spec part 3 §9), with the unread
 * filter, read/unread, delete and 'Marcar todas como leídas'. Page and filter live in the URL.
 * Opening a notification records the click (the analytics' click rate), marks it read and goes to
 * its link.
 */
export function NotificationsList({ companyId }: { companyId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: Filter = searchParams.get('filter') === 'unread' ? 'unread' : 'all';
  const page = pageFromUrl(searchParams.get('page'));
  const list = useNotifications(companyId, { page, unreadOnly: filter === 'unread' });
  const markRead = useMarkNotificationRead(companyId);
  const markUnread = useMarkNotificationUnread(companyId);
  const remove = useDeleteNotification(companyId);
  const markAll = useMarkAllNotificationsRead(companyId);
  const click = useClickNotification(companyId);
  const navigate = useNavigate();

  const setUrl = (next: { page?: number; filter?: Filter }) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      const nextFilter = next.filter ?? filter;
      if (nextFilter === 'unread') params.set('filter', 'unread');
      else params.delete('filter');
      const nextPage = next.page ?? 0;
      if (nextPage > 0) params.set('page', String(nextPage + 1));
      else params.delete('page');
      return params;
    });

  const onError = (title: string) => (error: unknown) => toast.fromError(error, { title });

  const open = (n: NotificationItem) => {
    if (!n.link) return;
    // Recorded in the background: the click never holds the navigation back.
    click.mutate(n.notificationId);
    if (!n.isRead) markRead.mutate(n.notificationId);
    navigate(n.link);
  };

  const columns: TableColumnsType<NotificationItem> = [
    {
      title: 'Estado',
      key: 'state',
      width: 110,
      render: (_, n) =>
        n.isRead ? <Badge status="default" text="Leída" /> : <Badge status="processing" text="Sin leer" />,
    },
    {
      title: 'Notificación',
      key: 'content',
      render: (_, n) => (
        <Flex vertical gap={2}>
          <span style={{ fontWeight: n.isRead ? 400 : 600 }}>
            {n.link ? (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', fontWeight: 'inherit' }}
                onClick={() => open(n)}
              >
                {n.title}
              </Button>
            ) : (
              n.title
            )}
          </span>
          <span style={{ opacity: 0.8 }}>{n.message}</span>
          {n.delegatedFrom ? (
            <span>
              <Tag color="purple">Delegada de {n.delegatedFrom.name}</Tag>
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Fecha',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      render: (createdAt: string) => (
        <span title={formatDateTime(createdAt)}>{formatRelativeTime(createdAt)}</span>
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      width: 260,
      render: (_, n) => (
        <Flex wrap gap={4}>
          {n.isRead ? (
            <Button
              size="small"
              icon={<UndoOutlined />}
              onClick={() =>
                markUnread.mutate(n.notificationId, { onError: onError('Error al marcar notificación') })
              }
            >
              Marcar como no leída
            </Button>
          ) : (
            <Button
              size="small"
              icon={<CheckOutlined />}
              onClick={() =>
                markRead.mutate(n.notificationId, { onError: onError('Error al marcar notificación') })
              }
            >
              Marcar como leída
            </Button>
          )}
          <Popconfirm
            title="¿Eliminar esta notificación?"
            okText="Eliminar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove
                .mutateAsync(n.notificationId)
                .then(
                  () => toast.success('Notificación eliminada'),
                  onError('Error al eliminar notificación'),
                )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar: ${n.title}`}>
              Eliminar
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex wrap align="center" justify="space-between" gap={12}>
        <Segmented<Filter>
          aria-label="Filtrar notificaciones"
          value={filter}
          onChange={(value) => setUrl({ filter: value, page: 0 })}
          options={[
            { label: 'Todas', value: 'all' },
            { label: 'Sin leer', value: 'unread' },
          ]}
        />
        <Button
          icon={<CheckOutlined />}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(
                  result.updated === 1
                    ? '1 notificación marcada como leída'
                    : `${result.updated} notificaciones marcadas como leídas`,
                ),
              onError: onError('Error al marcar notificación'),
            })
          }
        >
          Marcar todas como leídas
        </Button>
      </Flex>
      {list.isError ? (
        <LoadError
          title="Error al cargar notificaciones"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<NotificationItem>
          rowKey="notificationId"
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          locale={{
            emptyText: list.isPending ? (
              ' '
            ) : (
              <EmptyState
                description={
                  filter === 'unread' ? 'No tienes notificaciones sin leer' : 'No tienes notificaciones'
                }
              />
            ),
          }}
          pagination={{
            current: page + 1,
            pageSize: NOTIFICATIONS_PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => (total === 1 ? '1 notificación' : `${total} notificaciones`),
          }}
          onChange={(pagination) => setUrl({ page: (pagination.current ?? 1) - 1 })}
        />
      )}
    </Flex>
  );
}

function pageFromUrl(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}
