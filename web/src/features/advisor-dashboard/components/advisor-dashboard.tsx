/**
 * The advisor's consolidated dashboard (spec part 3 §2 Advisor dashboard, §3 Advisor summary, §9):
 * the figures of every company of the gestor for the period (DAY, WEEK, MONTH by default, QUARTER,
 * YEAR), the companies filtered by status (ALL, HEALTHY, WARNING, CRITICAL) with the reasons of their
 * status, the most urgent pending tasks and the latest activity. Clicking a company selects it: its
 * card offers 'Ver Detalles' and its company dashboard opens below the list.
 */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { AdvisorCompanyStats, AdvisorPeriod, AdvisorSummary } from '@shared/schemas/dashboard';
import { WidgetCard } from '@web/components/widget-card';
import { complianceColor } from '@web/lib/dashboard-thresholds';
import { formatCents, formatDate, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { relativeTime } from '@web/lib/relative-time';
import { toast } from '@web/lib/toast';
import { Button, Card, Col, Flex, List, Row, Segmented, Statistic, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAdvisorCompanies } from '../api/get-advisor-companies';
import { useAdvisorSummary } from '../api/get-advisor-summary';
import type { AdvisorStatusFilter } from '../api/keys';
import { useRefreshAdvisorDashboard } from '../api/refresh-advisor-dashboard';
import {
  ACTIVITY_TYPE_LABELS,
  DEFAULT_PERIOD,
  HEALTH_BORDER_COLORS,
  HEALTH_LABELS,
  HEALTH_TAG_COLORS,
  PENDING_TASKS_SHOWN,
  PERIOD_LABELS,
  STATUS_FILTER_LABELS,
} from '../utils/labels';

const PERIODS = Object.keys(PERIOD_LABELS) as AdvisorPeriod[];
const SMALL = { content: { fontSize: 16 } };
const STATUS_FILTERS = Object.keys(STATUS_FILTER_LABELS) as AdvisorStatusFilter[];

export interface AdvisorDashboardProps {
  /** The selected company's dashboard, shown below the cards (composed by the dashboard route). */
  renderCompany: (companyId: string) => ReactNode;
  /** The company selected in the header: its card starts selected, its dashboard shown below. */
  initialCompanyId?: string | null;
}

export function AdvisorDashboard({ renderCompany, initialCompanyId = null }: AdvisorDashboardProps) {
  const [period, setPeriod] = useState<AdvisorPeriod>(DEFAULT_PERIOD);
  const [status, setStatus] = useState<AdvisorStatusFilter>('ALL');
  const [selectedId, setSelectedId] = useState<string | null>(initialCompanyId);
  const summary = useAdvisorSummary(period);
  const companies = useAdvisorCompanies(period, status);
  const refresh = useRefreshAdvisorDashboard(period);
  const now = new Date();

  const items = companies.data?.items ?? [];
  const selected = items.find((c) => c.company.id === selectedId) ?? null;

  const onRefresh = () => refresh.mutate(undefined, { onError: (error) => toast.fromError(error) });

  return (
    <Flex vertical gap={16}>
      <Flex wrap align="center" justify="space-between" gap={12}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Panel del asesor</h1>
        <Flex wrap gap={8} align="center">
          <Segmented<AdvisorPeriod>
            aria-label="Periodo"
            value={period}
            options={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            onChange={setPeriod}
          />
          <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={onRefresh}>
            Actualizar
          </Button>
        </Flex>
      </Flex>

      <WidgetCard
        title="Resumen de la cartera"
        loading={summary.isPending}
        error={summary.isError}
        onRetry={() => void summary.refetch()}
        errorMessage="Error cargando dashboard"
        empty={summary.data?.clientStats.totalCompanies === 0}
      >
        {summary.data ? <SummaryStats summary={summary.data} /> : null}
      </WidgetCard>

      <WidgetCard
        title="Empresas"
        loading={companies.isPending}
        error={companies.isError}
        onRetry={() => void companies.refetch()}
        empty={items.length === 0}
        extra={
          <Segmented<AdvisorStatusFilter>
            aria-label="Estado"
            size="small"
            value={status}
            options={STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_FILTER_LABELS[s] }))}
            onChange={setStatus}
          />
        }
      >
        <Row gutter={[16, 16]}>
          {items.map((stats) => (
            <Col key={stats.company.id} xs={24} md={12} xl={8}>
              <CompanyStatsCard
                stats={stats}
                selected={stats.company.id === selectedId}
                now={now}
                onSelect={() => setSelectedId(stats.company.id)}
              />
            </Col>
          ))}
        </Row>
      </WidgetCard>

      {selected ? (
        <section aria-label={`Detalle de ${selected.company.name}`}>
          <div key={selected.company.id}>{renderCompany(selected.company.id)}</div>
        </section>
      ) : null}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <WidgetCard
            title="Tareas pendientes"
            loading={summary.isPending}
            error={summary.isError}
            onRetry={() => void summary.refetch()}
            empty={(summary.data?.pendingTaskList.length ?? 0) === 0}
            extra={summary.data ? <Tag>{formatInteger(summary.data.pendingTasks)} en total</Tag> : undefined}
          >
            <List
              size="small"
              dataSource={summary.data?.pendingTaskList.slice(0, PENDING_TASKS_SHOWN) ?? []}
              renderItem={(task) => (
                <List.Item key={`${task.companyId}-${task.kind}-${task.title}`}>
                  <List.Item.Meta
                    title={<Link to={task.url}>{task.title}</Link>}
                    description={
                      <span>
                        {task.companyName}
                        {task.dueDate ? ` · vence el ${formatDate(task.dueDate)}` : ''}
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          </WidgetCard>
        </Col>
        <Col xs={24} lg={12}>
          <WidgetCard
            title="Actividad reciente"
            loading={summary.isPending}
            error={summary.isError}
            onRetry={() => void summary.refetch()}
            empty={(summary.data?.recentActivity.length ?? 0) === 0}
          >
            <List
              size="small"
              dataSource={summary.data?.recentActivity ?? []}
              renderItem={(activity) => (
                <List.Item key={activity.id} extra={<Tag>{ACTIVITY_TYPE_LABELS[activity.type]}</Tag>}>
                  <List.Item.Meta
                    title={activity.action}
                    description={`${activity.companyName} · ${relativeTime(activity.timestamp, now)}`}
                  />
                </List.Item>
              )}
            />
          </WidgetCard>
        </Col>
      </Row>
    </Flex>
  );
}

function SummaryStats({ summary }: { summary: AdvisorSummary }) {
  const { clientStats, documentStats, taxStats } = summary;
  const compliance = taxStats.averageComplianceScore;
  const cards: { title: string; value: string; color?: string }[] = [
    { title: 'Empresas', value: formatInteger(clientStats.totalCompanies) },
    {
      title: 'Saludables',
      value: formatInteger(clientStats.healthyCompanies),
      color: HEALTH_BORDER_COLORS.HEALTHY,
    },
    {
      title: 'En alerta',
      value: formatInteger(clientStats.warningCompanies),
      color: HEALTH_BORDER_COLORS.WARNING,
    },
    {
      title: 'Críticas',
      value: formatInteger(clientStats.criticalCompanies),
      color: HEALTH_BORDER_COLORS.CRITICAL,
    },
    { title: 'Clientes', value: formatInteger(clientStats.totalClients) },
    { title: 'Documentos', value: formatInteger(documentStats.totalDocuments) },
    { title: 'Facturación', value: formatCents(documentStats.totalRevenue) },
    {
      title: 'Cumplimiento medio',
      value: compliance === null ? '—' : `${formatInteger(Math.round(compliance))} %`,
      color: compliance === null ? undefined : complianceColor(compliance),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} md={6}>
          <Statistic
            title={card.title}
            value={card.value}
            styles={card.color ? { content: { color: card.color } } : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}

function CompanyStatsCard({
  stats,
  selected,
  now,
  onSelect,
}: {
  stats: AdvisorCompanyStats;
  selected: boolean;
  now: Date;
  onSelect: () => void;
}) {
  const navigate = useNavigate();
  const border = HEALTH_BORDER_COLORS[stats.status];
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={stats.company.name}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        }
      }}
      style={{ borderLeft: `4px solid ${border}`, outline: selected ? `2px solid ${border}` : undefined }}
      title={stats.company.name}
      extra={<Tag color={HEALTH_TAG_COLORS[stats.status]}>{HEALTH_LABELS[stats.status]}</Tag>}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">NIF {stats.company.nif}</Typography.Text>
        {stats.failed ? (
          <Typography.Text type="danger">
            No se pudieron calcular las estadísticas de esta empresa.
          </Typography.Text>
        ) : null}
        {stats.reasons.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {stats.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        <Row gutter={[8, 8]}>
          <Col span={12}>
            <Statistic title="Facturación" value={formatCents(stats.revenue)} styles={SMALL} />
          </Col>
          <Col span={12}>
            <Statistic title="Documentos" value={formatInteger(stats.documentCount)} styles={SMALL} />
          </Col>
          <Col span={12}>
            <Statistic title="Clientes" value={formatInteger(stats.clientCount)} styles={SMALL} />
          </Col>
          <Col span={12}>
            <Statistic title="Tareas pendientes" value={formatInteger(stats.pendingTasks)} styles={SMALL} />
          </Col>
          <Col span={12}>
            <Statistic
              title="Cumplimiento"
              value={
                stats.complianceScore === null ? '—' : `${formatInteger(Math.round(stats.complianceScore))} %`
              }
              styles={{
                content: {
                  fontSize: 16,
                  color: stats.complianceScore === null ? undefined : complianceColor(stats.complianceScore),
                },
              }}
            />
          </Col>
          <Col span={12}>
            <Statistic
              title="Última actividad"
              value={stats.lastActivity ? relativeTime(stats.lastActivity, now) : 'Sin actividad'}
              styles={SMALL}
            />
          </Col>
        </Row>
        {selected ? (
          <Button
            type="primary"
            block
            onClick={(e) => {
              e.stopPropagation();
              navigate(paths.app.company(stats.company.id));
            }}
          >
            Ver Detalles
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
