import { DelegationsPanel } from '@web/features/notifications/components/delegations-panel';
import { NotificationHistory } from '@web/features/notifications/components/notification-history';
import { NotificationPreferencesPanel } from '@web/features/notifications/components/notification-preferences';
import { NotificationStatsPanel } from '@web/features/notifications/components/notification-stats-panel';
import { NotificationsList } from '@web/features/notifications/components/notifications-list';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { Card, Flex, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';

const TABS = ['list', 'stats', 'history', 'preferences', 'delegations'] as const;
type Tab = (typeof TABS)[number];

/**
 * /app/notifications: the caller's notifications of the selected company (list and actions),
 * 'Estadísticas' (counts, pending, cleanup), 'Historial' (delivery channels), 'Preferencias' and,
 * for the company's staff, 'Delegaciones'. The tab lives in the URL (`?tab=`).
 */
export default function NotificationsRoute() {
  const companyId = useCompanyId();
  const canDelegate = useCan('notifications.listDelegations');
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) && (asked !== 'delegations' || canDelegate) ? asked : 'list';
  if (!companyId) return null;

  const items = [
    { key: 'list', label: 'Notificaciones', children: <NotificationsList companyId={companyId} /> },
    { key: 'stats', label: 'Estadísticas', children: <NotificationStatsPanel companyId={companyId} /> },
    { key: 'history', label: 'Historial', children: <NotificationHistory companyId={companyId} /> },
    {
      key: 'preferences',
      label: 'Preferencias',
      children: (
        <Card style={{ maxWidth: 560 }}>
          <NotificationPreferencesPanel />
        </Card>
      ),
    },
    ...(canDelegate
      ? [
          {
            key: 'delegations',
            label: 'Delegaciones',
            children: (
              <Card style={{ maxWidth: 640 }}>
                <DelegationsPanel companyId={companyId} />
              </Card>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Notificaciones</h1>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setSearchParams((previous) => {
            const params = new URLSearchParams();
            // The list's own page and filter stay only on the list.
            if (key === 'list')
              for (const k of ['filter', 'page']) {
                const v = previous.get(k);
                if (v) params.set(k, v);
              }
            if (key !== 'list') params.set('tab', key);
            return params;
          })
        }
        items={items}
      />
    </Flex>
  );
}
