/**
 * The sections of the company dashboard read from `dashboard.summary` (spec part 3 §2, §3): Resumen
 * del Mes, Alertas Importantes, Próximas Obligaciones, the financial figures and charts, the
 * accounting card and the recent activity. Each is a `WidgetCard` with its three states; a section
 * the server could not compute (no snapshot either) shows its error with 'Reintentar' (which asks
 * for a recomputation).
 *
 * No antd Typography or inputs here: the dashboard's chunk shares antd's input chunk with the login
 * page (see the VeriFacTu widget).
 */
import type {
  AccountingData,
  DashboardAlert,
  FinancialData,
  MonthSummary,
  RecentActivityItem,
  TaxData,
} from '@shared/schemas/dashboard';
import { WidgetCard } from '@web/components/widget-card';
import {
  ALERTS_SHOWN,
  alertPriorityColor,
  alertPriorityLabel,
  daysLeftColor,
  LEVEL_COLORS,
  sortByPriority,
} from '@web/lib/dashboard-thresholds';
import { formatCents, formatDate, formatInteger } from '@web/lib/format';
import { relativeTime } from '@web/lib/relative-time';
import { Button, Col, Flex, List, Row, Statistic, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { daysLeftLabel, financialSeries, isSeriesEmpty, monthLabel } from '../utils/summary';

// recharts only loads with the chart, in its own chunk.
const FinancialCharts = lazy(() => import('./financial-charts'));

/**
 * A figure already written in es-ES ('1.250', '12.345,67 €'): shown as given (antd's Statistic would
 * otherwise read '1.250' as a decimal number and split it).
 */
function Figure({
  title,
  value,
  styles,
}: {
  title: string;
  value: string;
  styles?: { content?: CSSProperties };
}) {
  return <Statistic title={title} value={value} formatter={() => value} styles={styles} />;
}

/** The state a section card needs: the whole summary loading, the section failed, and the retry. */
export interface SectionProps {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function MonthSummaryCard({ data, ...state }: SectionProps & { data: MonthSummary | null }) {
  return (
    <WidgetCard
      title={data ? `Resumen del Mes (${monthLabel(data.month)})` : 'Resumen del Mes'}
      loading={state.loading}
      error={state.failed}
      onRetry={state.onRetry}
      empty={!data}
    >
      {data ? (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Figure title="Ingresos" value={formatCents(data.income)} />
          </Col>
          <Col xs={12} md={6}>
            <Figure title="Gastos" value={formatCents(data.expenses)} />
          </Col>
          <Col xs={12} md={6}>
            <Figure title="Facturas pendientes" value={formatInteger(data.pendingInvoices.count)} />
            <span>Importe pendiente: {formatCents(data.pendingInvoices.amount)}</span>
          </Col>
          <Col xs={12} md={6}>
            <Figure title="Obligaciones pendientes" value={formatInteger(data.pendingObligations)} />
          </Col>
        </Row>
      ) : null}
    </WidgetCard>
  );
}

export function AlertsCard({ alerts, ...state }: SectionProps & { alerts: DashboardAlert[] }) {
  const [all, setAll] = useState(false);
  const sorted = sortByPriority(alerts, (a) => a.severity);
  const shown = all ? sorted : sorted.slice(0, ALERTS_SHOWN);
  const hidden = sorted.length - ALERTS_SHOWN;
  return (
    <WidgetCard
      title="Alertas Importantes"
      loading={state.loading}
      error={state.failed}
      errorMessage="Error cargando dashboard"
      onRetry={state.onRetry}
      empty={alerts.length === 0}
      extra={
        hidden > 0 ? (
          <Button type="link" onClick={() => setAll((v) => !v)}>
            {all ? 'Ver menos' : `Ver todas (${sorted.length})`}
          </Button>
        ) : null
      }
    >
      <List
        aria-label="Alertas importantes"
        dataSource={shown}
        rowKey="id"
        renderItem={(alert) => (
          <List.Item
            actions={
              alert.action
                ? [
                    <Link key="action" to={alert.action.url}>
                      {alert.action.label}
                    </Link>,
                  ]
                : undefined
            }
          >
            <List.Item.Meta
              title={
                <Flex gap={8} align="center" wrap>
                  <Tag color={alertPriorityColor(alert.severity)}>{alertPriorityLabel(alert.severity)}</Tag>
                  <span>{alert.message}</span>
                </Flex>
              }
              description={
                <>
                  {alert.description}
                  {alert.dueDate ? ` · Vence el ${formatDate(alert.dueDate)}` : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </WidgetCard>
  );
}

export function NextObligationsCard({ data, ...state }: SectionProps & { data: TaxData | null }) {
  return (
    <WidgetCard
      title="Próximas Obligaciones"
      loading={state.loading}
      error={state.failed}
      errorMessage="Error cargando obligaciones próximas"
      onRetry={state.onRetry}
      empty={!data}
    >
      {data ? (
        <Flex vertical gap={12}>
          <Row gutter={[16, 8]}>
            <Col xs={8}>
              <Figure title="Pendientes" value={formatInteger(data.obligations.pending)} />
            </Col>
            <Col xs={8}>
              <Figure
                title="Vencidas"
                value={formatInteger(data.obligations.overdue)}
                styles={{ content: data.obligations.overdue > 0 ? { color: LEVEL_COLORS.bad } : undefined }}
              />
            </Col>
            <Col xs={8}>
              <Figure title="Importe estimado" value={formatCents(data.obligations.totalEstimatedAmount)} />
            </Col>
          </Row>
          {data.nextObligations.length === 0 ? (
            <span>No hay obligaciones en los próximos 30 días.</span>
          ) : (
            <List
              aria-label="Próximas obligaciones"
              size="small"
              dataSource={data.nextObligations}
              rowKey="obligationId"
              renderItem={(o) => (
                <List.Item
                  extra={
                    <span
                      style={{ color: daysLeftColor(o.daysLeft), fontWeight: 600 }}
                      data-days-left={o.daysLeft}
                    >
                      {daysLeftLabel(o.daysLeft)}
                    </span>
                  }
                >
                  <List.Item.Meta
                    title={`Modelo ${o.model} · ${o.period} ${o.year}`}
                    description={`Vence el ${formatDate(o.dueDate)}${
                      o.estimatedAmount === null ? '' : ` · Estimado ${formatCents(o.estimatedAmount)}`
                    }`}
                  />
                </List.Item>
              )}
            />
          )}
          {data.siiStatus ? (
            <Flex gap={8} wrap aria-label="Estado de los envíos SII">
              <Tag>Éxito SII: {formatInteger(data.siiStatus.successRate)} %</Tag>
              <Tag>Pendientes: {formatInteger(data.siiStatus.pendingSubmissions)}</Tag>
              <Tag color={data.siiStatus.failedSubmissions > 0 ? 'error' : undefined}>
                Con errores: {formatInteger(data.siiStatus.failedSubmissions)}
              </Tag>
            </Flex>
          ) : null}
        </Flex>
      ) : null}
    </WidgetCard>
  );
}

export function FinancialCard({ data, ...state }: SectionProps & { data: FinancialData | null }) {
  const points = data ? financialSeries(data) : [];
  return (
    <WidgetCard
      title="Análisis Financiero"
      loading={state.loading}
      error={state.failed}
      onRetry={state.onRetry}
      empty={!data}
    >
      {data ? (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Figure title="Ingresos del año" value={formatCents(data.totalRevenue)} />
            </Col>
            <Col xs={12} md={6}>
              <Figure title="Gastos del año" value={formatCents(data.totalExpenses)} />
            </Col>
            <Col xs={12} md={6}>
              <Figure title="Pagos pendientes" value={formatCents(data.pendingPayments)} />
            </Col>
            <Col xs={12} md={6}>
              <Figure
                title="Días medios de cobro"
                value={data.avgCollectionDays === null ? '—' : formatInteger(data.avgCollectionDays)}
              />
            </Col>
            <Col xs={8}>
              <Figure title="Facturas emitidas" value={formatInteger(data.invoicesIssued)} />
            </Col>
            <Col xs={8}>
              <Figure title="Facturas recibidas" value={formatInteger(data.invoicesReceived)} />
            </Col>
            <Col xs={8}>
              <Figure
                title="Facturas vencidas"
                value={formatInteger(data.overdueInvoices)}
                styles={{ content: data.overdueInvoices > 0 ? { color: LEVEL_COLORS.bad } : undefined }}
              />
            </Col>
          </Row>
          {isSeriesEmpty(points) ? (
            <span>No hay datos disponibles</span>
          ) : (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <FinancialCharts points={points} />
            </Suspense>
          )}
        </Flex>
      ) : null}
    </WidgetCard>
  );
}

export function AccountingCard({ data, ...state }: SectionProps & { data: AccountingData | null }) {
  return (
    <WidgetCard
      title={data ? `Contabilidad ${data.year}` : 'Contabilidad'}
      loading={state.loading}
      error={state.failed}
      onRetry={state.onRetry}
      empty={!data}
    >
      {data ? (
        <Row gutter={[16, 16]}>
          <Col xs={12}>
            <Figure
              title="Resultado"
              value={formatCents(data.result)}
              styles={{ content: { color: data.result < 0 ? LEVEL_COLORS.bad : LEVEL_COLORS.good } }}
            />
          </Col>
          <Col xs={12}>
            <Figure title="Tesorería" value={formatCents(data.cash)} />
          </Col>
          <Col xs={12}>
            <Figure title="Ingresos contables" value={formatCents(data.income)} />
          </Col>
          <Col xs={12}>
            <Figure title="Gastos contables" value={formatCents(data.expenses)} />
          </Col>
          <Col xs={12}>
            <Figure title="Asientos" value={formatInteger(data.entries)} />
          </Col>
          <Col xs={12}>
            <Figure
              title="Cerrado hasta"
              value={data.closedThrough ? monthLabel(data.closedThrough) : 'Sin cierres'}
            />
          </Col>
        </Row>
      ) : null}
    </WidgetCard>
  );
}

export function RecentActivityCard({
  items,
  now,
  ...state
}: SectionProps & { items: RecentActivityItem[]; now: Date }) {
  return (
    <WidgetCard
      title="Actividad reciente"
      loading={state.loading}
      error={state.failed}
      errorMessage="Error cargando dashboard"
      onRetry={state.onRetry}
      empty={items.length === 0}
    >
      <List
        aria-label="Actividad reciente"
        size="small"
        dataSource={items}
        rowKey="id"
        renderItem={(item) => (
          <List.Item extra={<span>{relativeTime(item.timestamp, now)}</span>}>
            <List.Item.Meta
              title={item.actionUrl ? <Link to={item.actionUrl}>{item.title}</Link> : item.title}
              description={item.description}
            />
          </List.Item>
        )}
      />
    </WidgetCard>
  );
}
