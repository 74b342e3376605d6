/**
 * The fiscal widgets of the dashboard for the selected company (issue 13 item 7; spec part 3):
 * upcoming obligations (30 days), overdue obligations, fiscal alerts and the fiscal analysis. When
 * the company has no tax profile one welcome card replaces the four widgets: the profile status is
 * asked first (`useTaxProfileStatus`) and the alerts and the analysis, which need one, only once it
 * says there is one (should they still answer TAX_021 / CONFIGURATION_NOT_FOUND, the same card).
 */
import { TaxWelcomeCard } from '@web/components/tax-welcome-card';
import { useCan } from '@web/lib/access';
import {
  isNoTaxProfile,
  useFiscalAnalysis,
  useOpenFiscalAlerts,
  useOverdueObligations,
  useTaxProfileStatus,
  useUpcomingObligations,
} from '@web/lib/tax-api';
import { Col, Row } from 'antd';
import { FiscalAlertsWidget } from './alerts-widget';
import { FiscalAnalysisWidget } from './analysis-widget';
import { OverdueObligationsWidget, UpcomingObligationsWidget } from './obligation-widgets';

export function FiscalWidgets({ companyId }: { companyId: string }) {
  // The tax calls' policy (tax.read): a CLIENTE needs VIEW_TAX_DOCUMENTS.
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  // The global obligation calls need no profile (a company without one adds nothing).
  const upcoming = useUpcomingObligations(companyId, { enabled: canRead });
  const overdue = useOverdueObligations(companyId, { enabled: canRead });
  const alerts = useOpenFiscalAlerts(companyId, { enabled: profile.profileReady });
  const analysis = useFiscalAnalysis(companyId, { enabled: profile.profileReady });

  if (!canRead) return null;
  if (profile.noProfile || isNoTaxProfile(alerts.error) || isNoTaxProfile(analysis.error)) {
    return <TaxWelcomeCard companyId={companyId} incomplete />;
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
