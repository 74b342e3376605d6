/**
 * The platform administrator's dashboard (spec part 3 §2 Admin dashboard, §3 Admin): stat cards with
 * their change against 30 days earlier (computed by the server from stored history; none without a
 * base), the 10 latest platform events and the three quick actions. The support tickets card stays out
 * while the platform has no support area (`supportTickets` null).
 */
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { AdminStats, StatChange } from '@shared/schemas/dashboard';
import { WidgetCard } from '@web/components/widget-card';
import { formatCents, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { relativeTime } from '@web/lib/relative-time';
import { Button, Card, Col, Flex, List, Row, Statistic, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAdminActivities } from '../api/get-admin-activities';
import { useAdminStats } from '../api/get-admin-stats';
import { describeChange } from '../utils/change';

export function AdminDashboard() {
  const stats = useAdminStats();
  const activities = useAdminActivities();
  const navigate = useNavigate();
  const now = new Date();

  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Panel de administración</h1>
      <WidgetCard
        title="Estadísticas de la plataforma"
        loading={stats.isPending}
        error={stats.isError}
        onRetry={() => void stats.refetch()}
        empty={false}
      >
        {stats.data ? <StatCards stats={stats.data} /> : null}
      </WidgetCard>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <WidgetCard
            title="Actividad reciente"
            loading={activities.isPending}
            error={activities.isError}
            onRetry={() => void activities.refetch()}
            empty={(activities.data?.length ?? 0) === 0}
          >
            <List
              size="small"
              dataSource={activities.data ?? []}
              renderItem={(activity) => (
                <List.Item
                  key={activity.id}
                  extra={
                    <Typography.Text type="secondary">{relativeTime(activity.time, now)}</Typography.Text>
                  }
                >
                  <List.Item.Meta
                    title={activity.action}
                    description={`${activity.user} · ${activity.details}`}
                  />
                </List.Item>
              )}
            />
          </WidgetCard>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Acciones rápidas">
            <Flex vertical gap={8}>
              <Button block icon={<TeamOutlined />} onClick={() => navigate(paths.app.admin.users)}>
                Gestionar usuarios
              </Button>
              <Button block icon={<WalletOutlined />} onClick={() => navigate(paths.app.admin.subscriptions)}>
                Suscripciones
              </Button>
              <Button block icon={<SettingOutlined />} onClick={() => navigate(paths.app.admin.systemConfig)}>
                Configuración del sistema
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

function StatCards({ stats }: { stats: AdminStats }) {
  const cards: { title: string; value: string; change: StatChange | null }[] = [
    { title: 'Usuarios totales', value: formatInteger(stats.totalUsers), change: stats.changes.users },
    { title: 'Usuarios activos', value: formatInteger(stats.activeUsers), change: null },
    {
      title: 'Suscripciones activas',
      value: formatInteger(stats.activeSubscriptions),
      change: stats.changes.subscriptions,
    },
    { title: 'Ingresos mensuales', value: formatCents(stats.monthlyRevenue), change: stats.changes.revenue },
  ];
  if (stats.supportTickets !== null) {
    cards.push({
      title: 'Tickets de soporte',
      value: formatInteger(stats.supportTickets),
      change: stats.changes.tickets,
    });
  }
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => {
        const change = describeChange(card.change);
        return (
          <Col key={card.title} xs={12} md={8} xl={Math.floor(24 / cards.length)}>
            <Statistic title={card.title} value={card.value} />
            {change ? (
              <Typography.Text style={{ color: change.color }} aria-label={`Cambio de ${card.title}`}>
                {change.text} en 30 días
              </Typography.Text>
            ) : null}
          </Col>
        );
      })}
    </Row>
  );
}
