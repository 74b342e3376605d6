/**
 * /app/banking/security: 'Seguridad bancaria' (issue 19). The counts behind the four pages — policies
 * met, recommendations by severity, connections and syncs — each card leading to its page. Every
 * figure comes from the stored consents, syncs and audit trail.
 */
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PSD2_PATH } from '../accounts/ui';
import { useSecurityOverview } from '../api/psd2';
import { Loaded, SecurityFrame, securityPaths } from './ui';

export function SecurityOverviewPage() {
  return (
    <SecurityFrame
      title="Seguridad bancaria"
      back={{ to: paths.app.banking.root, label: 'Bancos' }}
      meta={<span>Consentimientos PSD2, sincronizaciones y quién accede a los datos bancarios.</span>}
    >
      {(companyId) => <OverviewContent companyId={companyId} />}
    </SecurityFrame>
  );
}

function OverviewContent({ companyId }: { companyId: string }) {
  const overview = useSecurityOverview(companyId);
  return (
    <Loaded
      query={overview}
      label="Cargando la seguridad bancaria"
      errorTitle="Error obteniendo la seguridad bancaria"
    >
      {(o) => (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <Card
                title="Políticas"
                extra={<Link to={securityPaths.policies}>Ver políticas</Link>}
                aria-label="Políticas"
              >
                <Flex gap={32}>
                  <Statistic
                    title="Se cumplen"
                    value={o.policies.compliant}
                    suffix={`/ ${o.policies.total}`}
                  />
                  <Statistic title="No se cumplen" value={o.policies.failing} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card
                title="Recomendaciones"
                extra={<Link to={securityPaths.recommendations}>Ver recomendaciones</Link>}
                aria-label="Recomendaciones"
              >
                <Flex gap={32}>
                  <Statistic title="Alta" value={o.recommendations.high} />
                  <Statistic title="Media" value={o.recommendations.medium} />
                  <Statistic title="Baja" value={o.recommendations.low} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card
                title="Métricas"
                extra={<Link to={securityPaths.metrics}>Ver métricas</Link>}
                aria-label="Métricas"
              >
                <Flex gap={32} wrap>
                  <Statistic
                    title="Conexiones activas"
                    value={o.connections.linked}
                    suffix={`/ ${o.connections.total}`}
                  />
                  <Statistic title={`Sincronizaciones (${o.syncs.windowDays} días)`} value={o.syncs.ok} />
                  <Statistic title="Fallidas" value={o.syncs.failed} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card
                title="Informe de cumplimiento"
                extra={<Link to={securityPaths.compliance}>Ver informe</Link>}
                aria-label="Informe de cumplimiento"
              >
                <Flex gap={32} wrap>
                  <Statistic title="Caducan en 7 días" value={o.connections.expiringSoon} />
                  <Statistic title="Caducadas" value={o.connections.expired} />
                </Flex>
                <Typography.Text type="secondary">
                  {o.lastAuditAt
                    ? `Último registro de auditoría: ${formatDateTime(o.lastAuditAt)}`
                    : 'Sin registros de auditoría.'}
                </Typography.Text>
              </Card>
            </Col>
          </Row>
          <Link to={PSD2_PATH}>Gestionar las conexiones bancarias (PSD2)</Link>
        </Flex>
      )}
    </Loaded>
  );
}
