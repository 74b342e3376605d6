import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatRelativeTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Badge, Card, Flex } from 'antd';
import { Link } from 'react-router-dom';
import { useUnread } from '../api/get-unread';

/** The dashboard's card with the latest notifications (the same data as the bell). */
export function LatestNotificationsCard({ companyId, limit = 5 }: { companyId: string; limit?: number }) {
  const unread = useUnread(companyId);
  return (
    <Card
      title="Últimas notificaciones"
      extra={<Link to={paths.app.notifications}>Ver todas</Link>}
      styles={{ body: { paddingBlock: 8 } }}
    >
      {unread.isPending ? (
        <LoadingBlock label="Cargando notificaciones" />
      ) : unread.isError ? (
        <LoadError
          title="Error al cargar notificaciones"
          error={unread.error}
          onRetry={() => void unread.refetch()}
        />
      ) : unread.data.latest.length === 0 ? (
        <EmptyState description="No tienes notificaciones" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {unread.data.latest.slice(0, limit).map((n) => (
            <li key={n.notificationId} style={{ padding: '8px 0' }}>
              <Flex gap={8} align="baseline">
                <Badge status={n.isRead ? 'default' : 'processing'} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <span style={{ fontWeight: n.isRead ? 400 : 600 }}>
                    {n.link ? <Link to={n.link}>{n.title}</Link> : n.title}
                  </span>
                  <span style={{ opacity: 0.75 }}>{n.message}</span>
                  <span style={{ opacity: 0.6, fontSize: 12 }}>{formatRelativeTime(n.createdAt)}</span>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
