/**
 * /app/tax/dashboard, 'Panel fiscal' of the selected company (issue 13 item 7; spec part 2 §2,
 * part 3 fiscal widgets): the summary (overdue, pending within 30 days, the next obligation), the
 * next obligations and the overdue ones, the fiscal alerts (5, with every alert on the 'Alertas
 * fiscales' tab), the threshold alerts and the fiscal analysis. Without a tax profile (asked first:
 * `useTaxProfileStatus`; the calls that need one are then not made) the 'Configuración fiscal
 * incompleta' warning and the welcome card.
 */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { LinkButton } from '@web/components/link-button';
import { LoadError } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { TaxWelcomeCard } from '@web/components/tax-welcome-card';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import {
  isNoTaxProfile,
  useFiscalAnalysis,
  useObligationsSummary,
  useOpenFiscalAlerts,
  useOverdueObligations,
  useTaxProfileStatus,
  useUpcomingObligations,
} from '@web/lib/tax-api';
import { toast } from '@web/lib/toast';
import { Button, Card, Col, Flex, Row, Skeleton, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useGenerateFiscalAlerts } from '../api/generate-alerts';
import { useThresholdAlerts } from '../api/get-threshold-alerts';
import { AlertsList } from './alerts-list';
import { AlertsWidget } from './alerts-widget';
import { FiscalAnalysisContent } from './fiscal-analysis-card';
import { OverdueObligationList, UpcomingObligationList } from './obligation-list';
import { SummaryCards } from './summary-cards';
import { ThresholdAlerts } from './threshold-alerts';

type Tab = 'summary' | 'alerts';

export function TaxDashboard() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'alerts' ? 'alerts' : 'summary';
  const setTab = (next: Tab) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'alerts') params.set('tab', 'alerts');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  const canRead = useCan('taxAssistant.status');
  const enabled = companyId !== null && canRead;
  const profile = useTaxProfileStatus(companyId, { enabled });
  // The global calls need no profile (a company without one adds nothing); the company calls do.
  const summary = useObligationsSummary(companyId, { enabled });
  const upcoming = useUpcomingObligations(companyId, { enabled });
  const overdue = useOverdueObligations(companyId, { enabled });
  const alerts = useOpenFiscalAlerts(companyId, { enabled: profile.profileReady });
  const analysis = useFiscalAnalysis(companyId, { enabled: profile.profileReady });
  const thresholds = useThresholdAlerts(companyId, { enabled: profile.profileReady });
  const canGenerate = useCan('taxAlerts.generate');
  const generate = useGenerateFiscalAlerts(companyId ?? '');

  if (!companyId) {
    return (
      <>
        <PageHeader title="Panel fiscal" />
        <NoCompanySelected description="Selecciona una empresa para ver su panel fiscal." />
      </>
    );
  }

  // The status says so; should it be unread or out of date, the company calls do (TAX_021 /
  // CONFIGURATION_NOT_FOUND).
  const noProfile =
    profile.noProfile || [analysis.error, alerts.error, thresholds.error].some(isNoTaxProfile);

  const runAlerts = () =>
    generate.mutate(undefined, {
      onSuccess: (run) =>
        toast.success(
          `Alertas actualizadas: ${run.created} nuevas, ${run.updated} actualizadas, ${run.notified} avisos enviados.`,
        ),
      onError: (error) => toast.fromError(error),
    });

  return (
    <>
      <PageHeader
        title="Panel fiscal"
        meta={company ? <span>{company.name}</span> : null}
        actions={
          noProfile || !profile.profileReady ? null : (
            <>
              <LinkButton to={paths.app.tax.calendar}>Calendario fiscal</LinkButton>
              {canGenerate ? (
                <Button icon={<ReloadOutlined />} loading={generate.isPending} onClick={runAlerts}>
                  Generar alertas
                </Button>
              ) : null}
            </>
          )
        }
      />
      {noProfile ? (
        <TaxWelcomeCard companyId={companyId} incomplete />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'summary',
              label: 'Resumen',
              children: (
                <Flex vertical gap={16}>
                  <SummaryCards summary={summary} upcoming={upcoming} />
                  <Row gutter={[16, 16]}>
                    <Col xs={24} lg={12}>
                      <Card
                        title="Próximas obligaciones (30 días)"
                        extra={<Link to={paths.app.tax.calendarFiltered('pending')}>Ver todas</Link>}
                        style={{ height: '100%' }}
                        // A phone wraps the title instead of cutting it.
                        styles={{ header: { paddingBlock: 8 }, title: { whiteSpace: 'normal' } }}
                      >
                        <UpcomingObligationList query={upcoming} />
                      </Card>
                    </Col>
                    <Col xs={24} lg={12}>
                      <Card
                        title="Obligaciones vencidas"
                        extra={<Link to={paths.app.tax.calendarFiltered('overdue')}>Ver todas</Link>}
                        style={{ height: '100%' }}
                      >
                        <OverdueObligationList query={overdue} />
                      </Card>
                    </Col>
                  </Row>
                  <Row gutter={[16, 16]}>
                    <Col xs={24} lg={12}>
                      <Card title="Alertas fiscales" style={{ height: '100%' }}>
                        <AlertsWidget query={alerts} onShowAll={() => setTab('alerts')} />
                      </Card>
                    </Col>
                    <Col xs={24} lg={12}>
                      <Card title="Alertas de umbrales" style={{ height: '100%' }}>
                        <ThresholdAlerts query={thresholds} />
                      </Card>
                    </Col>
                  </Row>
                  <Card title="Análisis fiscal">
                    {analysis.isPending ? (
                      <Skeleton active paragraph={{ rows: 4 }} />
                    ) : analysis.isError || !analysis.data ? (
                      <LoadError
                        title="Error cargando análisis fiscal"
                        error={analysis.error}
                        onRetry={() => void analysis.refetch()}
                      />
                    ) : (
                      <FiscalAnalysisContent analysis={analysis.data} />
                    )}
                  </Card>
                </Flex>
              ),
            },
            {
              key: 'alerts',
              label: 'Alertas fiscales',
              children: (
                <Card>
                  <AlertsList companyId={companyId} enabled={profile.profileReady} />
                </Card>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
