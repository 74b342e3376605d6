/**
 * The fiscal widgets of the dashboard for the selected company (issue 13 item 7; spec part 3):
 * upcoming obligations (30 days), overdue obligations, fiscal alerts and the fiscal analysis. When
 * the company has no tax profile (the alerts answer TAX_021, the analysis CONFIGURATION_NOT_FOUND)
 * one welcome card replaces the four widgets.
 */
import {
  isNoTaxProfile,
  useFiscalAnalysis,
  useOpenFiscalAlerts,
  useOverdueObligations,
  useUpcomingObligations,
} from '@web/lib/tax-api';
import { Col, Row } from 'antd';
import { FiscalAlertsWidget } from './alerts-widget';
import { FiscalAnalysisWidget } from './analysis-widget';
import { FiscalWelcome } from './fiscal-welcome';
import { OverdueObligationsWidget, UpcomingObligationsWidget } from './obligation-widgets';

export function FiscalWidgets({ companyId }: { companyId: string }) {
  const upcoming = useUpcomingObligations(companyId);
  const overdue = useOverdueObligations(companyId);
  const alerts = useOpenFiscalAlerts(companyId);
  const analysis = useFiscalAnalysis(companyId);

  // The global obligation calls skip a company without profile (empty lists); the company calls say so.
  if (isNoTaxProfile(alerts.error) || isNoTaxProfile(analysis.error)) {
    return <FiscalWelcome companyId={companyId} />;
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <UpcomingObligationsWidget query={upcoming} />
      </Col>
      <Col xs={24} lg={12}>
        <OverdueObligationsWidget query={overdue} />
      </Col>
      <Col xs={24} lg={12}>
        <FiscalAlertsWidget query={alerts} />
      </Col>
      <Col xs={24} lg={12}>
        <FiscalAnalysisWidget query={analysis} />
      </Col>
    </Row>
  );
}
