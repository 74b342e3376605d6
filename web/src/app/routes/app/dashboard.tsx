import { Greeting } from '@web/features/dashboard/components/greeting';
import { SelectedCompanyCard } from '@web/features/dashboard/components/selected-company-card';
import { FiscalWidgets } from '@web/features/fiscal-widgets/components/fiscal-widgets';
import { LatestNotificationsCard } from '@web/features/notifications/components/latest-notifications';
import { OnboardingProgressCard } from '@web/features/onboarding/components/onboarding-progress-card';
import { SiiWidget } from '@web/features/sii/components/sii-widget';
import { VerifactuWidget } from '@web/features/verifactu/components/verifactu-widget';
import { useCan } from '@web/lib/access';
import { useProfile } from '@web/lib/profile';
import { useSelectedCompany } from '@web/lib/session';
import { Col, Flex, Row } from 'antd';

/**
 * A first dashboard: greeting, the selected company, onboarding progress, the VeriFacTu state (with
 * its warnings; not for SII companies), 'Estado SII' (only for SII companies, spec part 3 §2), the
 * fiscal widgets (upcoming and overdue obligations, fiscal alerts, fiscal analysis; or the welcome
 * card without a tax profile), the latest notifications.
 */
export default function DashboardRoute() {
  const company = useSelectedCompany();
  const profile = useProfile();
  // A CLIENTE without VIEW_TAX_DOCUMENTS may not read it (policy tax.read): not asked, not shown.
  const canSeeVerifactu = useCan('verifactu.dashboard');
  // The same policy (tax.read) guards the fiscal calls: a CLIENTE needs VIEW_TAX_DOCUMENTS.
  const canSeeTax = useCan('taxCalendar.get');
  const canSeeSii = useCan('sii.statistics');
  return (
    <Flex vertical gap={16}>
      <Greeting name={profile.data?.firstName || undefined} />
      <Row gutter={[16, 16]}>
        {company ? (
          <Col xs={24} lg={12}>
            <SelectedCompanyCard company={company} />
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <OnboardingProgressCard />
        </Col>
        {company && !company.siiEnabled && canSeeVerifactu ? (
          <Col xs={24} lg={12}>
            <VerifactuWidget company={company} />
          </Col>
        ) : null}
        {company?.siiEnabled && canSeeSii ? (
          <Col xs={24} lg={12}>
            <SiiWidget company={company} />
          </Col>
        ) : null}
        {company && canSeeTax ? (
          <Col xs={24}>
            <FiscalWidgets key={company.companyId} companyId={company.companyId} />
          </Col>
        ) : null}
        {company ? (
          <Col xs={24}>
            <LatestNotificationsCard companyId={company.companyId} />
          </Col>
        ) : null}
      </Row>
    </Flex>
  );
}
