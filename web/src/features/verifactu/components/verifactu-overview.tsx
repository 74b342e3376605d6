/**
 * /app/verifactu for the selected company (spec part 2 §2, part 3 VeriFacTu widget): status card
 * (or 'Configurar VeriFacTu'), counts by state, the month's usage meter, the chain check and the
 * latest errors with their corrections.
 */
import { SUBMISSION_STATUSES } from '@shared/schemas/verifactu';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { Card, Col, Flex, Row, Statistic } from 'antd';
import { useVerifactuDashboard } from '../api/get-dashboard';
import { useCanManageVerifactu } from '../hooks/use-can-manage';
import { SUBMISSION_STATUS_LABELS } from '../utils/labels';
import { verifactuWarnings } from '../utils/warnings';
import { ChainCheck } from './chain-check';
import { LinkButton } from './link-button';
import { RecentErrors } from './recent-errors';
import { StatusSummary } from './status-card';
import { UsageMeter } from './usage-meter';
import { VerifactuWarnings } from './warnings';

const COUNT_COLORS: Record<string, string | undefined> = {
  VERIFIED: '#389e0d',
  ACCEPTED_WITH_ERRORS: '#d48806',
  ERROR: '#cf1322',
};

export function VerifactuOverview() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const canManage = useCanManageVerifactu(companyId);
  const query = useVerifactuDashboard(companyId);

  if (!companyId) {
    return (
      <>
        <PageHeader title="VeriFacTu" />
        <EmptyState description="Selecciona una empresa para ver su estado VeriFacTu." />
      </>
    );
  }
  const dashboard = query.data;
  return (
    <>
      <PageHeader
        title="VeriFacTu"
        meta={company ? <span>{company.name}</span> : null}
        actions={<LinkButton to={paths.app.verifactuHistory}>Historial de envíos</LinkButton>}
      />
      <Flex vertical gap={16}>
        {dashboard ? <VerifactuWarnings warnings={verifactuWarnings(dashboard)} /> : null}
        <Card title="Estado VeriFacTu" aria-label="Estado VeriFacTu">
          {query.isPending ? (
            <LoadingBlock label="Cargando el estado VeriFacTu" />
          ) : query.isError || !dashboard ? (
            <LoadError
              title="No se ha podido cargar el estado VeriFacTu"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <StatusSummary dashboard={dashboard} companyId={companyId} />
          )}
        </Card>
        {dashboard ? (
          <>
            <Card title="Envíos por estado">
              <Row gutter={[16, 16]}>
                {SUBMISSION_STATUSES.map((status) => (
                  <Col key={status} xs={12} md={8} lg={4}>
                    <Statistic
                      title={SUBMISSION_STATUS_LABELS[status]}
                      value={dashboard.counts?.[status] ?? 0}
                      styles={{ content: { color: COUNT_COLORS[status] } }}
                    />
                  </Col>
                ))}
              </Row>
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <Card title="Uso del mes" style={{ height: '100%' }}>
                  <UsageMeter usage={dashboard.usage} />
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                <Card title="Cadena de registros" style={{ height: '100%' }}>
                  <ChainCheck companyId={companyId} />
                </Card>
              </Col>
            </Row>
            <Card title="Errores recientes">
              <RecentErrors
                errors={dashboard.recentErrors ?? []}
                companyId={companyId}
                canManage={canManage}
              />
            </Card>
          </>
        ) : null}
      </Flex>
    </>
  );
}
