/**
 * The dashboard of a client with a gestoría (spec part 3 §2 Client dashboard, §3 Client dashboard
 * data): the welcome with the client's name, important alerts, the financial summary of the period
 * (its change only when the server has a base to compare with: never invented), pending actions (the
 * ones that exist: null ones stay out), recent activity, the advisor card and the Quick Actions with
 * their enable/disable rules (../utils/quick-actions.ts). 'Subir documento' opens the Send Documents
 * modal and 'Agendar reunión' the meeting modal.
 */
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type {
  AdvisorInfo,
  ClientAlert,
  ClientDashboard as ClientDashboardData,
} from '@shared/schemas/dashboard';
import { Greeting } from '@web/components/greeting';
import { WidgetCard } from '@web/components/widget-card';
import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';
import { formatCents, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { relativeTime } from '@web/lib/relative-time';
import { Alert, Badge, Button, Card, Col, Flex, List, Row, Segmented, Statistic, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useClientAdvisor } from '../api/get-client-advisor';
import { type ClientPeriod, useClientDashboard } from '../api/get-client-dashboard';
import {
  QUICK_ACTION_LABELS,
  QUICK_ACTIONS,
  type QuickAction,
  quickActionStates,
} from '../utils/quick-actions';

/** Spec part 3 §9: advisor hours shown. */
export const ADVISOR_HOURS = 'Lunes a viernes, 9:00-18:00';

const PERIOD_LABELS: Record<ClientPeriod, string> = { MONTH: 'Mes', QUARTER: 'Trimestre', YEAR: 'Año' };
const PERIOD_CHANGE_LABELS: Record<ClientPeriod, string> = {
  MONTH: 'respecto al mes anterior',
  QUARTER: 'respecto al trimestre anterior',
  YEAR: 'respecto al año anterior',
};
const ALERT_TYPES: Record<ClientAlert['type'], 'error' | 'warning' | 'success' | 'info'> = {
  ERROR: 'error',
  WARNING: 'warning',
  SUCCESS: 'success',
  INFO: 'info',
};
const PERCENT = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

const ICONS: Record<QuickAction, ReactNode> = {
  uploadDocument: <UploadOutlined />,
  quickQuery: <MessageOutlined />,
  profile: <UserOutlined />,
  scheduleMeeting: <CalendarOutlined />,
};

/** What the dashboard route lends the client dashboard: the modals of the portal's other features. */
export interface ClientDashboardProps {
  companyId: string;
  /** The Send Documents modal (the client portal's uploads). */
  renderSendDocuments: (props: { open: boolean; onClose: () => void; companyId: string }) => ReactNode;
  /** The meeting scheduling modal (meetings). */
  renderMeetingModal: (props: {
    open: boolean;
    onClose: () => void;
    companyId: string;
    advisorName: string | null;
  }) => ReactNode;
}

export function ClientDashboard({
  companyId,
  renderSendDocuments,
  renderMeetingModal,
}: ClientDashboardProps) {
  const [period, setPeriod] = useState<ClientPeriod>('YEAR');
  const dashboard = useClientDashboard(companyId, period);
  const advisor = useClientAdvisor(companyId);
  const [sending, setSending] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const navigate = useNavigate();
  const now = new Date();
  const data = dashboard.data;

  const actions = quickActionStates(advisor.data ?? null);
  const onAction = (action: QuickAction) => {
    if (action === 'uploadDocument') setSending(true);
    else if (action === 'quickQuery') navigate(`${paths.app.client.messages}?action=new`);
    else if (action === 'profile') navigate(paths.app.profile);
    else setScheduling(true);
  };

  if (dashboard.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Error al cargar el dashboard"
        action={
          <Button size="small" onClick={() => void dashboard.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex wrap align="center" justify="space-between" gap={12}>
        <div>
          <Greeting name={data?.client.name || undefined} />
          {data ? <Typography.Text type="secondary">{data.company.name}</Typography.Text> : null}
        </div>
        <Segmented<ClientPeriod>
          aria-label="Periodo"
          value={period}
          options={(Object.keys(PERIOD_LABELS) as ClientPeriod[]).map((p) => ({
            value: p,
            label: PERIOD_LABELS[p],
          }))}
          onChange={setPeriod}
        />
      </Flex>

      {data && data.alerts.length > 0 ? (
        <section aria-label="Alertas importantes">
          <Flex vertical gap={8}>
            {data.alerts.map((alert) => (
              <Alert
                key={alert.id}
                type={ALERT_TYPES[alert.type] ?? 'info'}
                showIcon
                title={alert.title}
                description={alert.description}
                action={
                  alert.actionUrl ? (
                    <Button size="small" onClick={() => navigate(alert.actionUrl ?? paths.app.dashboard)}>
                      {alert.actionText ?? 'Ver'}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </Flex>
        </section>
      ) : null}

      <Row gutter={[16, 16]}>
        {dashboard.isPending || data?.financialSummary ? (
          <Col xs={24} lg={16}>
            <WidgetCard
              title="Resumen financiero"
              loading={dashboard.isPending}
              error={dashboard.isError}
              onRetry={() => void dashboard.refetch()}
              empty={data?.financialSummary ? isEmptySummary(data.financialSummary) : false}
            >
              {data?.financialSummary ? (
                <FinancialSummary summary={data.financialSummary} period={period} />
              ) : null}
            </WidgetCard>
          </Col>
        ) : null}
        <Col xs={24} lg={8}>
          <WidgetCard
            title="Tu gestor"
            loading={advisor.isPending}
            error={advisor.isError}
            errorMessage="Error cargando los datos de tu gestor"
            onRetry={() => void advisor.refetch()}
            empty={false}
          >
            {advisor.data ? <AdvisorCard advisor={advisor.data} now={now} /> : null}
          </WidgetCard>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="Acciones rápidas">
            <Flex vertical gap={8}>
              {QUICK_ACTIONS.map((action) => (
                <div key={action}>
                  <Button
                    block
                    icon={ICONS[action]}
                    disabled={!actions[action].enabled}
                    onClick={() => onAction(action)}
                  >
                    {QUICK_ACTION_LABELS[action]}
                  </Button>
                  {actions[action].reason ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {actions[action].reason}
                    </Typography.Text>
                  ) : null}
                </div>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <WidgetCard
            title="Acciones pendientes"
            loading={dashboard.isPending}
            error={dashboard.isError}
            onRetry={() => void dashboard.refetch()}
            empty={false}
          >
            {data ? <PendingActions pending={data.pendingActions} /> : null}
          </WidgetCard>
        </Col>
        <Col xs={24} lg={8}>
          <WidgetCard
            title="Actividad reciente"
            loading={dashboard.isPending}
            error={dashboard.isError}
            onRetry={() => void dashboard.refetch()}
            empty={(data?.recentActivity.length ?? 0) === 0}
          >
            <List
              size="small"
              dataSource={data?.recentActivity ?? []}
              renderItem={(item) => (
                <List.Item key={item.id}>
                  <List.Item.Meta
                    title={
                      <span style={{ fontWeight: item.isRead ? 400 : 600 }}>
                        {item.actionUrl ? <Link to={item.actionUrl}>{item.title}</Link> : item.title}
                      </span>
                    }
                    description={`${item.description} · ${relativeTime(item.timestamp, now)}`}
                  />
                </List.Item>
              )}
            />
          </WidgetCard>
        </Col>
      </Row>

      {renderSendDocuments({ open: sending, onClose: () => setSending(false), companyId })}
      {renderMeetingModal({
        open: scheduling,
        onClose: () => setScheduling(false),
        companyId,
        advisorName: advisor.data && !advisor.data.isAutonomous ? advisor.data.name : null,
      })}
    </Flex>
  );
}

const isEmptySummary = (s: NonNullable<ClientDashboardData['financialSummary']>): boolean =>
  s.invoiceCount === 0 &&
  s.totalInvoiced === 0 &&
  s.totalPaid === 0 &&
  s.pendingAmount === 0 &&
  s.overdueAmount === 0;

function FinancialSummary({
  summary,
  period,
}: {
  summary: NonNullable<ClientDashboardData['financialSummary']>;
  period: ClientPeriod;
}) {
  const change = summary.changePercent;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={8}>
        <Statistic title="Facturado" value={formatCents(summary.totalInvoiced)} />
        {change !== null ? (
          <Typography.Text
            style={{ color: change >= 0 ? LEVEL_COLORS.good : LEVEL_COLORS.bad }}
            aria-label="Cambio de lo facturado"
          >
            {PERCENT.format(change)} % {PERIOD_CHANGE_LABELS[period]}
          </Typography.Text>
        ) : null}
      </Col>
      <Col xs={12} md={8}>
        <Statistic title="Cobrado" value={formatCents(summary.totalPaid)} />
      </Col>
      <Col xs={12} md={8}>
        <Statistic title="Pendiente de cobro" value={formatCents(summary.pendingAmount)} />
      </Col>
      <Col xs={12} md={8}>
        <Statistic
          title="Vencido"
          value={formatCents(summary.overdueAmount)}
          styles={summary.overdueAmount > 0 ? { content: { color: LEVEL_COLORS.bad } } : undefined}
        />
      </Col>
      <Col xs={12} md={8}>
        <Statistic title="Facturas emitidas" value={formatInteger(summary.invoiceCount)} />
      </Col>
    </Row>
  );
}

function PendingActions({ pending }: { pending: ClientDashboardData['pendingActions'] }) {
  const rows: { label: string; value: number | null; url: string | null }[] = [
    { label: 'Documentos por aprobar', value: pending.documentsToApprove, url: null },
    {
      label: 'Documentos en revisión por tu gestoría',
      value: pending.documentsToReview,
      url: paths.app.client.myDocuments,
    },
    { label: 'Mensajes sin leer', value: pending.messagesUnread, url: paths.app.client.messages },
    { label: 'Reuniones por responder', value: pending.meetingsToAnswer, url: paths.app.meetings },
  ];
  return (
    <List
      size="small"
      dataSource={rows.filter(
        (row): row is { label: string; value: number; url: string | null } => row.value !== null,
      )}
      renderItem={(row) => (
        <List.Item
          key={row.label}
          extra={<Badge count={row.value} showZero color={row.value > 0 ? 'blue' : 'gray'} />}
        >
          {row.url && row.value > 0 ? <Link to={row.url}>{row.label}</Link> : row.label}
        </List.Item>
      )}
    />
  );
}

function AdvisorCard({ advisor, now }: { advisor: AdvisorInfo; now: Date }) {
  if (advisor.isAutonomous) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text>No tienes un gestor asignado.</Typography.Text>
        {advisor.message ? <Typography.Text type="secondary">{advisor.message}</Typography.Text> : null}
      </Flex>
    );
  }
  const presence = advisor.isOnline
    ? 'En línea'
    : advisor.lastSeen
      ? `Última conexión: ${relativeTime(advisor.lastSeen, now).toLowerCase()}`
      : 'Desconectado';
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{advisor.name}</Typography.Text>
      <Badge status={advisor.isOnline ? 'success' : 'default'} text={presence} />
      {advisor.email ? <a href={`mailto:${advisor.email}`}>{advisor.email}</a> : null}
      {advisor.phone ? <a href={`tel:${advisor.phone.replace(/\s+/g, '')}`}>{advisor.phone}</a> : null}
      <Typography.Text type="secondary">Horario: {advisor.hours || ADVISOR_HOURS}</Typography.Text>
      {advisor.message ? <Typography.Text type="secondary">{advisor.message}</Typography.Text> : null}
    </Flex>
  );
}
