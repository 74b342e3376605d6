/**
 * /app/dashboard: the layout chosen for the signed-in person (spec part 3 §2 "Dashboard layout
 * selection"; web/src/features/dashboard/utils/layout.ts): the autonomous client's 'Mi Empresa', a
 * single company's dashboard, the consolidated view of several companies, the gestoría's advisor
 * dashboard, the platform administrator's dashboard, or the client-with-advisor dashboard. The
 * greeting and the onboarding card stay above every layout but the administrator's.
 */

import { CompanyDashboard } from '@web/app/dashboard/company-dashboard';
import { ConsolidatedDashboard } from '@web/app/dashboard/consolidated-dashboard';
import { Greeting } from '@web/components/greeting';
import { LinkButton } from '@web/components/link-button';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { AdminDashboard } from '@web/features/admin-dashboard/components/admin-dashboard';
import { AdvisorDashboard } from '@web/features/advisor-dashboard/components/advisor-dashboard';
import { ClientDocumentRequests } from '@web/features/campaigns/components/client-document-requests';
import { ClientDashboard } from '@web/features/client-dashboard/components/client-dashboard';
import { SendDocumentsModal } from '@web/features/client-portal/components/send-documents-modal';
import { useGestorType } from '@web/features/dashboard/api/get-gestor-type';
import {
  type DashboardLayout,
  needsGestorType,
  selectDashboardLayout,
} from '@web/features/dashboard/utils/layout';
import { MeetingModal } from '@web/features/meetings/components/meeting-modal';
import { OnboardingProgressCard } from '@web/features/onboarding/components/onboarding-progress-card';
import { useSessionCompanies } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useProfile } from '@web/lib/profile';
import { useSelectedCompany } from '@web/lib/session';
import { Flex } from 'antd';

export default function DashboardRoute() {
  const profile = useProfile();
  const user = profile.data ?? null;
  const isGestor = needsGestorType(user);
  const gestorType = useGestorType(isGestor);
  const companies = useSessionCompanies();
  const selected = useSelectedCompany();

  const waiting =
    profile.isPending ||
    (isGestor && (gestorType.isPending || (companies.isPending && gestorType.data?.type !== 'GESTORIA')));
  if (waiting) return <LoadingBlock label="Cargando el panel" />;

  const companyList = companies.data?.content ?? user?.companies ?? [];
  const layout = selectDashboardLayout({
    user,
    gestorType: gestorType.data?.type ?? null,
    companies: companyList,
  });
  return (
    <Flex vertical gap={16}>
      {layout !== 'CLIENT' ? <Greeting name={user?.firstName || undefined} /> : null}
      {layout !== 'ADMIN' ? <OnboardingProgressCard /> : null}
      <LayoutBody layout={layout} companyId={selected?.companyId ?? null} companies={companyList} />
    </Flex>
  );
}

function LayoutBody({
  layout,
  companyId,
  companies,
}: {
  layout: DashboardLayout;
  companyId: string | null;
  companies: Parameters<typeof ConsolidatedDashboard>[0]['companies'];
}) {
  switch (layout) {
    case 'ADMIN':
      return <AdminDashboard />;
    case 'ADVISOR':
      return (
        <AdvisorDashboard
          // The header's company starts selected; choosing another one there shows that one.
          key={companyId ?? 'none'}
          initialCompanyId={companyId}
          renderCompany={(id) => <CompanyDashboard companyId={id} />}
        />
      );
    case 'CONSOLIDATED':
      return <ConsolidatedDashboard companies={companies} initialCompanyId={companyId} />;
    default:
      break;
  }
  if (!companyId) {
    return (
      <EmptyState description="No tienes ninguna empresa seleccionada">
        <LinkButton type="primary" to={paths.app.companies}>
          Ver empresas
        </LinkButton>
      </EmptyState>
    );
  }
  if (layout === 'CLIENT')
    return (
      <Flex vertical gap={16}>
        {companyId ? <ClientDocumentRequests companyId={companyId} /> : null}
        <ClientDashboard
          companyId={companyId}
          renderSendDocuments={(props) => <SendDocumentsModal {...props} />}
          renderMeetingModal={(props) => <MeetingModal {...props} />}
        />
      </Flex>
    );
  return (
    <CompanyDashboard
      key={companyId}
      companyId={companyId}
      variant={layout === 'AUTONOMOUS' ? 'AUTONOMOUS' : 'COMPANY'}
    />
  );
}
