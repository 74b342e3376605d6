import type {
  AnalyticsChannel,
  ChannelAnalytics,
  NotificationAnalytics,
  TypeAnalytics,
} from '@shared/schemas/notification-analytics';
import { notificationCategoryLabels } from '@shared/schemas/notifications';
import { WidgetCard } from '@web/components/widget-card';
import { useCan } from '@web/lib/access';
import { LEVEL_COLORS, metricLevel } from '@web/lib/dashboard-thresholds';
import { formatDate, formatInteger } from '@web/lib/format';
import { Col, Flex, Row, Segmented, Statistic, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useNotificationAnalytics } from '../api/get-analytics';

const TABS = [
  { value: 'kpis', label: 'Resumen' },
  { value: 'channels', label: 'Canales' },
  { value: 'types', label: 'Tipos' },
  { value: 'trends', label: 'Tendencias' },
] as const;
type MetricsTab = (typeof TABS)[number]['value'];

const CHANNEL_LABELS: Record<AnalyticsChannel, string> = {
  IN_APP: 'En la app',
  WEBSOCKET: 'Tiempo real',
  EMAIL: 'Email',
};

const percent = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`;
const minutes = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} min`;

/** A rate (0-100) in the spec's metric colours: 80 or more good, 60 or more warning, else bad. */
function Rate({ value }: { value: number }) {
  return <span style={{ color: LEVEL_COLORS[metricLevel(value)], fontWeight: 600 }}>{percent(value)}</span>;
}

/**
 * The company's notification metrics over the last 30 days (spec part 3 §2 Other widgets, §9):
 * tabs Resumen (KPIs), Canales, Tipos and Tendencias (a day-by-day chart), all from the events the
 * server recorded. Staff only (the analytics route's policy).
 */
export function NotificationMetricsWidget({ companyId }: { companyId: string }) {
  const allowed = useCan('notifications.analytics');
  const [tab, setTab] = useState<MetricsTab>('kpis');
  const kpis = useNotificationAnalytics(companyId, 'kpis', allowed && tab === 'kpis');
  const channels = useNotificationAnalytics(companyId, 'channels', allowed && tab === 'channels');
  const types = useNotificationAnalytics(companyId, 'types', allowed && tab === 'types');
  const trends = useNotificationAnalytics(companyId, 'trends', allowed && tab === 'trends');
  if (!allowed) return null;

  const active = { kpis, channels, types, trends }[tab];
  const period = active.data ? `${formatDate(active.data.from)} – ${formatDate(active.data.to)}` : null;

  let empty = false;
  let body: ReactNode = null;
  if (tab === 'kpis' && kpis.data) {
    empty = kpis.data.totalNotifications === 0;
    body = <KpisView kpis={kpis.data} />;
  } else if (tab === 'channels' && channels.data) {
    empty = channels.data.items.every((c) => c.sent === 0);
    body = <ChannelsView items={channels.data.items} />;
  } else if (tab === 'types' && types.data) {
    empty = types.data.items.length === 0;
    body = <TypesView items={types.data.items} />;
  } else if (tab === 'trends' && trends.data) {
    empty = trends.data.points.every((p) => p.created === 0 && p.read === 0 && p.clicked === 0);
    body = <TrendsView trends={trends.data} />;
  }

  return (
    <WidgetCard
      title="Métricas de notificaciones"
      loading={active.isPending}
      error={active.isError}
      onRetry={() => void active.refetch()}
      empty={empty}
      errorMessage="Error cargando métricas"
      extra={
        <Segmented<MetricsTab>
          size="small"
          aria-label="Vista de las métricas"
          value={tab}
          onChange={setTab}
          options={TABS.map((t) => ({ value: t.value, label: t.label }))}
        />
      }
    >
      <Flex vertical gap={12}>
        {body}
        {period ? <span style={{ opacity: 0.6, fontSize: 12 }}>Últimos 30 días: {period}</span> : null}
      </Flex>
    </WidgetCard>
  );
}

function KpisView({ kpis }: { kpis: NotificationAnalytics['kpis'] }) {
  return (
    <Row gutter={[16, 12]}>
      {(
        [
          ['Entrega', kpis.deliveryRate],
          ['Lectura', kpis.readRate],
          ['Clics', kpis.clickRate],
          ['Interacción', kpis.engagementRate],
        ] as const
      ).map(([label, value]) => (
        <Col key={label} xs={12} md={6}>
          <Statistic
            title={label}
            value={percent(value)}
            valueStyle={{ color: LEVEL_COLORS[metricLevel(value)], fontSize: 20 }}
          />
        </Col>
      ))}
      <Col xs={12} md={6}>
        <Statistic
          title="Enviadas"
          value={formatInteger(kpis.totalNotifications)}
          valueStyle={{ fontSize: 20 }}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title="Usuarios activos"
          value={formatInteger(kpis.activeUsers)}
          valueStyle={{ fontSize: 20 }}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title="Por usuario"
          value={kpis.notificationsPerUser.toLocaleString('es-ES', { maximumFractionDigits: 1 })}
          valueStyle={{ fontSize: 20 }}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title="Tiempo de lectura"
          value={minutes(kpis.averageReadTime)}
          valueStyle={{ fontSize: 20 }}
        />
      </Col>
      <Col span={24}>
        <Flex vertical gap={2} style={{ fontSize: 13 }}>
          <span>
            Mejor canal: {kpis.bestPerformingChannel ? CHANNEL_LABELS[kpis.bestPerformingChannel] : '—'}
          </span>
          <span>Mejor tipo: {kpis.bestPerformingType ?? '—'}</span>
          <span>
            Entrega media: {minutes(kpis.averageDeliveryTime)} · Clic medio: {minutes(kpis.averageClickTime)}
          </span>
        </Flex>
      </Col>
    </Row>
  );
}

function ChannelsView({ items }: { items: ChannelAnalytics[] }) {
  const columns: TableColumnsType<ChannelAnalytics> = [
    { title: 'Canal', key: 'channel', render: (_, c) => CHANNEL_LABELS[c.channel] },
    { title: 'Enviadas', key: 'sent', align: 'right', render: (_, c) => formatInteger(c.sent) },
    { title: 'Fallidas', key: 'failed', align: 'right', render: (_, c) => formatInteger(c.failed) },
    {
      title: 'Entrega',
      key: 'deliveryRate',
      align: 'right',
      render: (_, c) => <Rate value={c.deliveryRate} />,
    },
    { title: 'Lectura', key: 'readRate', align: 'right', render: (_, c) => <Rate value={c.readRate} /> },
    { title: 'Clics', key: 'clickRate', align: 'right', render: (_, c) => <Rate value={c.clickRate} /> },
  ];
  return (
    <Table<ChannelAnalytics>
      size="small"
      rowKey="channel"
      columns={columns}
      dataSource={items.filter((c) => c.sent > 0)}
      pagination={false}
      scroll={{ x: 520 }}
    />
  );
}

function TypesView({ items }: { items: TypeAnalytics[] }) {
  const columns: TableColumnsType<TypeAnalytics> = [
    {
      title: 'Tipo',
      key: 'type',
      render: (_, t) => (
        <Flex vertical>
          <span>{t.type}</span>
          <span style={{ opacity: 0.6, fontSize: 12 }}>{notificationCategoryLabels[t.category]}</span>
        </Flex>
      ),
    },
    { title: 'Total', key: 'total', align: 'right', render: (_, t) => formatInteger(t.total) },
    { title: 'Lectura', key: 'readRate', align: 'right', render: (_, t) => <Rate value={t.readRate} /> },
    { title: 'Clics', key: 'clickRate', align: 'right', render: (_, t) => <Rate value={t.clickRate} /> },
  ];
  return (
    <Table<TypeAnalytics>
      size="small"
      rowKey="type"
      columns={columns}
      dataSource={[...items].sort((a, b) => b.total - a.total)}
      pagination={false}
      scroll={{ x: 420 }}
    />
  );
}

function TrendsView({ trends }: { trends: NotificationAnalytics['trends'] }) {
  const totals = trends.points.reduce(
    (sum, p) => ({
      created: sum.created + p.created,
      read: sum.read + p.read,
      clicked: sum.clicked + p.clicked,
    }),
    { created: 0, read: 0, clicked: 0 },
  );
  const data = trends.points.map((p) => ({
    day: p.day,
    label: `${p.day.slice(8, 10)}/${p.day.slice(5, 7)}`,
    Enviadas: p.created,
    Leídas: p.read,
    Clics: p.clicked,
  }));
  return (
    <Flex vertical gap={8}>
      <span>
        {formatInteger(totals.created)} enviadas · {formatInteger(totals.read)} leídas ·{' '}
        {formatInteger(totals.clicked)} clics
      </span>
      <div role="img" aria-label="Notificaciones por día" style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: 240 }}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip
              labelFormatter={(_, payload) => {
                const day = payload?.[0]?.payload?.day as string | undefined;
                return day ? formatDate(day) : '';
              }}
              formatter={(value) => formatInteger(Number(value))}
            />
            <Legend />
            <Line type="monotone" dataKey="Enviadas" stroke="#1677ff" dot={false} />
            <Line type="monotone" dataKey="Leídas" stroke={LEVEL_COLORS.good} dot={false} />
            <Line type="monotone" dataKey="Clics" stroke={LEVEL_COLORS.warning} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Flex>
  );
}
