/**
 * The company dashboard (spec part 3 §2 "Company dashboard"; issue 20 item 2) of one company, from
 * `GET dashboard.summary`: Resumen del Mes, Alertas Importantes (5 and 'Ver todas'), Próximas
 * Obligaciones, Análisis Fiscal, Buzón Inteligente (staff), Estado SII (only SII companies) or
 * Estado VeriFacTu / 'Configurar VeriFacTu', notification metrics (staff), document and
 * appointment alerts, the financial charts, the accounting card (only with accounting data) and the
 * recent activity. The refresh button recomputes every section (`refresh=true`) and the header says
 * when the figures were generated; 'Modo de respaldo activo' when a section is served from its last
 * good snapshot; 'Error al cargar el dashboard' with 'Reintentar' when the call fails.
 *
 * `variant` 'AUTONOMOUS' is titled 'Mi Empresa' (the autonomous layout); otherwise the company's name.
 * Widgets of other areas are asked only when the caller may read them (issue 10 item 5).
 */
import type { DashboardSummary } from '@shared/schemas/dashboard';
import { useDashboardSummary } from '@web/features/dashboard/api/get-dashboard-summary';
import {
  AccountingCard,
  AlertsCard,
  FinancialCard,
  MonthSummaryCard,
  NextObligationsCard,
  RecentActivityCard,
} from '@web/features/dashboard/components/summary-sections';
import { useCompanyAccess } from '@web/features/dashboard/hooks/use-company-access';
import { sectionState } from '@web/features/dashboard/utils/summary';
import { FiscalWidgets } from '@web/features/fiscal-widgets/components/fiscal-widgets';
import { AppointmentAlertsWidget } from '@web/features/notifications/components/appointment-alerts-widget';
import { DocumentAlertsWidget } from '@web/features/notifications/components/document-alerts-widget';
import { SiiWidget } from '@web/features/sii/components/sii-widget';
import { InboxWidget } from '@web/features/smart-inbox/components/inbox-widget';
import { VerifactuWidget } from '@web/features/verifactu/components/verifactu-widget';
import { relativeTime } from '@web/lib/relative-time';
import { Alert, Button, Card, Col, Flex, Result, Row } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

// Its 'Tendencias' tab draws with recharts: loaded on its own, only for those who may see it.
const NotificationMetricsWidget = lazy(() =>
  import('@web/features/notifications/components/notification-metrics-widget').then((m) => ({
    default: m.NotificationMetricsWidget,
  })),
);

export interface CompanyDashboardProps {
  companyId: string;
  variant?: 'AUTONOMOUS' | 'COMPANY';
}

export const LOAD_ERROR_TITLE = 'Error al cargar el dashboard';
export const FALLBACK_BANNER = 'Modo de respaldo activo';

/** 'now' that moves every 30 s, so 'Actualizado hace …' stays true while the page is open. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function CompanyDashboard({ companyId, variant = 'COMPANY' }: CompanyDashboardProps) {
  const query = useDashboardSummary(companyId);
  const can = useCompanyAccess(companyId);
  const now = useNow();
  const summary = query.data;
  const retry = () => void query.refetch();

  if (!summary && query.isError) {
    return (
      <Result
        status="error"
        title={LOAD_ERROR_TITLE}
        extra={
          <Button type="primary" onClick={retry}>
            Reintentar
          </Button>
        }
      />
    );
  }

  const title = variant === 'AUTONOMOUS' ? 'Mi Empresa' : (summary?.company.name ?? 'Mi Empresa');
  const loading = !summary;
  const section = (name: Parameters<typeof sectionState>[1], hasData: boolean) =>
    summary ? sectionState(summary, name, hasData) : 'shown';
  const stateOf = (name: Parameters<typeof sectionState>[1], hasData: boolean) => ({
    loading,
    failed: section(name, hasData) === 'unavailable',
    onRetry: () => void query.refresh(),
  });
  const siiEnabled = summary?.company.siiEnabled ?? false;
  const company = { companyId, siiEnabled };
  const monthShown = section('month', Boolean(summary?.monthSummary)) !== 'hidden';
  const taxShown = section('tax', Boolean(summary?.taxData)) !== 'hidden';
  const financialShown = section('financial', Boolean(summary?.financialData)) !== 'hidden';
  const accountingShown = summary
    ? section('accounting', Boolean(summary.accountingData)) !== 'hidden'
    : false;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h2 style={{ fontSize: 20, fontWeight: 600, margin: 0 }}>{title}</h2>
        <Flex align="center" gap={12}>
          {summary ? (
            <span>Actualizado {lowerFirst(relativeTime(summary.meta.generatedAt, now))}</span>
          ) : null}
          <Button onClick={() => void query.refresh()} loading={query.refreshing} disabled={!summary}>
            Actualizar
          </Button>
        </Flex>
      </Flex>

      {summary?.meta.fallbackMode ? (
        <Alert type="warning" showIcon title={FALLBACK_BANNER} description={fallbackDescription(summary)} />
      ) : null}
      {summary && query.isError ? (
        <Alert
          type="error"
          showIcon
          title={LOAD_ERROR_TITLE}
          action={
            <Button size="small" onClick={retry}>
              Reintentar
            </Button>
          }
        />
      ) : null}

      <Row gutter={[16, 16]}>
        {monthShown ? (
          <Col xs={24}>
            <MonthSummaryCard
              data={summary?.monthSummary ?? null}
              {...stateOf('month', Boolean(summary?.monthSummary))}
            />
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <AlertsCard alerts={summary?.alerts ?? []} {...stateOf('alerts', true)} />
        </Col>
        {taxShown ? (
          <Col xs={24} lg={12}>
            <NextObligationsCard
              data={summary?.taxData ?? null}
              {...stateOf('tax', Boolean(summary?.taxData))}
            />
          </Col>
        ) : null}
        {financialShown ? (
          <Col xs={24}>
            <FinancialCard
              data={summary?.financialData ?? null}
              {...stateOf('financial', Boolean(summary?.financialData))}
            />
          </Col>
        ) : null}
        {accountingShown && summary ? (
          <Col xs={24} lg={12}>
            <AccountingCard
              data={summary.accountingData}
              {...stateOf('accounting', Boolean(summary.accountingData))}
            />
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <RecentActivityCard
            items={summary?.recentActivity ?? []}
            now={now}
            {...stateOf('activity', true)}
          />
        </Col>
        {summary && !siiEnabled && can('verifactu.dashboard') ? (
          <Col xs={24} lg={12}>
            <VerifactuWidget company={company} />
          </Col>
        ) : null}
        {summary && siiEnabled && can('sii.statistics') ? (
          <Col xs={24} lg={12}>
            <SiiWidget company={company} />
          </Col>
        ) : null}
        {can('inbox.widget') ? (
          <Col xs={24} lg={12}>
            <Card title="Buzón Inteligente" aria-label="Buzón Inteligente">
              <InboxWidget companyId={companyId} />
            </Card>
          </Col>
        ) : null}
        {can('taxCalendar.get') ? (
          <Col xs={24}>
            <Card title="Análisis Fiscal" aria-label="Análisis Fiscal">
              <FiscalWidgets key={companyId} companyId={companyId} />
            </Card>
          </Col>
        ) : null}
        {can('notifications.analytics') ? (
          <Col xs={24}>
            <Suspense fallback={<Card loading title="Métricas de notificaciones" />}>
              <NotificationMetricsWidget companyId={companyId} />
            </Suspense>
          </Col>
        ) : null}
        {can('documents.alerts') ? (
          <Col xs={24} lg={12}>
            <DocumentAlertsWidget companyId={companyId} />
          </Col>
        ) : null}
        {can('appointments.alerts') ? (
          <Col xs={24} lg={12}>
            <AppointmentAlertsWidget companyId={companyId} />
          </Col>
        ) : null}
      </Row>
    </Flex>
  );
}

/** 'Hace 5 minutos' → 'hace 5 minutos' after 'Actualizado'; 'Ahora mismo' → 'ahora mismo'. */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const SECTION_LABELS: Record<string, string> = {
  month: 'resumen del mes',
  tax: 'obligaciones fiscales',
  financial: 'datos financieros',
  accounting: 'contabilidad',
  alerts: 'alertas',
  activity: 'actividad reciente',
};

/** Which sections come from their last good snapshot, and which could not be shown at all. */
function fallbackDescription(summary: DashboardSummary): string {
  const entries = Object.entries(summary.meta.sections);
  const snapshot = entries.filter(([, s]) => s.source === 'SNAPSHOT').map(([k]) => SECTION_LABELS[k] ?? k);
  const unavailable = entries
    .filter(([, s]) => s.source === 'UNAVAILABLE')
    .map(([k]) => SECTION_LABELS[k] ?? k);
  const parts: string[] = [];
  if (snapshot.length > 0) parts.push(`Se muestran los últimos datos guardados de: ${snapshot.join(', ')}.`);
  if (unavailable.length > 0) parts.push(`No disponible ahora: ${unavailable.join(', ')}.`);
  return parts.join(' ') || 'Algunas secciones muestran los últimos datos guardados.';
}
