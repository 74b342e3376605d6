import BellOutlined from '@ant-design/icons/BellOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatRelativeTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { Badge, Button, Dropdown, Flex, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClickNotification } from '../api/click-notification';
import { useUnread } from '../api/get-unread';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import type { NotificationItem } from '../types';

/**
 * The header bell (spec part 1 §2, part 3 §2): the unread count as a badge and a dropdown with the
 * latest 10 notifications, marking one or all as read, and 'Ver todas'.
 */
export function NotificationBell({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const unread = useUnread(companyId);
  const count = unread.data?.count ?? 0;
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => <BellPanel companyId={companyId} onClose={() => setOpen(false)} />}
    >
      <Button
        type="text"
        aria-label={count > 0 ? `Notificaciones: ${count} sin leer` : 'Notificaciones'}
        icon={
          <Badge count={count} overflowCount={99} size="small">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}

function BellPanel({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const unread = useUnread(companyId);
  const markRead = useMarkNotificationRead(companyId);
  const markAll = useMarkAllNotificationsRead(companyId);
  const click = useClickNotification(companyId);

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success('Todas las notificaciones están marcadas como leídas'),
      onError: (error) => toast.fromError(error, { title: 'Error al marcar notificación' }),
    });
  const onOpen = (notification: NotificationItem) => {
    if (!notification.isRead) markRead.mutate(notification.notificationId);
    if (notification.link) {
      // Opening it is a click (the analytics' click rate), recorded in the background.
      click.mutate(notification.notificationId);
      onClose();
      navigate(notification.link);
    }
  };

  let body: ReactNode;
  if (unread.isPending) body = <LoadingBlock label="Cargando notificaciones" />;
  else if (unread.isError)
    body = (
      <LoadError
        title="Error al cargar notificaciones"
        error={unread.error}
        onRetry={() => void unread.refetch()}
      />
    );
  else if (unread.data.latest.length === 0) body = <EmptyState description="No tienes notificaciones" />;
  else
    body = (
      <ul aria-label="Últimas notificaciones" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {unread.data.latest.map((notification: NotificationItem) => (
          <li
            key={notification.notificationId}
            style={{
              display: 'flex',
              gap: 8,
              padding: '10px 12px',
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              background: notification.isRead ? undefined : token.colorPrimaryBg,
            }}
          >
            <button
              type="button"
              onClick={() => onOpen(notification)}
              style={{
                all: 'unset',
                cursor: 'pointer',
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: 2,
              }}
            >
              <span style={{ fontWeight: notification.isRead ? 400 : 600 }}>{notification.title}</span>
              <span
                style={{
                  color: token.colorTextSecondary,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {notification.message}
              </span>
              {notification.delegatedFrom ? (
                <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
                  Delegada de {notification.delegatedFrom.name}
                </span>
              ) : null}
              <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
                {formatRelativeTime(notification.createdAt)}
              </span>
            </button>
            {notification.isRead ? null : (
              <Button
                size="small"
                type="text"
                icon={<CheckOutlined />}
                aria-label={`Marcar como leída: ${notification.title}`}
                title="Marcar como leída"
                loading={markRead.isPending && markRead.variables === notification.notificationId}
                onClick={() =>
                  markRead.mutate(notification.notificationId, {
                    onError: (error) => toast.fromError(error, { title: 'Error al marcar notificación' }),
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div
      style={{
        width: 360,
        maxWidth: 'calc(100vw - 24px)',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <Flex
        align="center"
        justify="space-between"
        style={{ padding: '10px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <strong>Notificaciones</strong>
        <Button
          size="small"
          type="link"
          onClick={onMarkAll}
          loading={markAll.isPending}
          disabled={(unread.data?.count ?? 0) === 0}
        >
          Marcar todas como leídas
        </Button>
      </Flex>
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>{body}</div>
      <Flex justify="center" style={{ padding: 8 }}>
        <Button
          type="link"
          onClick={() => {
            onClose();
            navigate(paths.app.notifications);
          }}
        >
          Ver todas
        </Button>
      </Flex>
    </div>
  );
}
