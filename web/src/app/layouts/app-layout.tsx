import { PageLoader } from '@web/components/page-loader';
import { AppShell } from '@web/features/layout/components/app-shell';
import { CompanyName, CompanySelector } from '@web/features/layout/components/company-selector';
import { UserMenu } from '@web/features/layout/components/user-menu';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { useNotificationSocket } from '@web/features/notifications/ws/use-notification-socket';
import { OnboardingController } from '@web/features/onboarding/components/onboarding-controller';
import { QUOTA_EXCEEDED_EVENT, type QuotaExceededDetail } from '@web/lib/api-client';
import { useAuth, useAuthUser } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { displayName, useProfile } from '@web/lib/profile';
import { useSelectedCompany } from '@web/lib/session';
import { useSubscription } from '@web/lib/subscription';
import { toast } from '@web/lib/toast';
import { Alert, Grid } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { isRegisteredPage } from '../app-pages';
import { type MenuContext, sideMenuFor, userMenu, visibleMenu } from '../menus';

/**
 * The signed-in application: header (company, bell, user menu), the role's side menu (a drawer
 * under 768 px), the onboarding dialog, the notifications socket and the session notices.
 */
export function AppLayout() {
  const { signOut, rateLimitError } = useAuth();
  const user = useAuthUser();
  const company = useSelectedCompany();
  const profile = useProfile();
  const subscription = useSubscription();
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  useNotificationSocket();
  useQuotaExceededNotice();

  const context: MenuContext = {
    role: user.role,
    companyId: company?.companyId ?? null,
    companyType: company?.companyType ?? null,
    subscription: subscription.data ?? null,
  };
  const { role, companyId, companyType } = context;
  const plan = subscription.data ?? null;
  const menu = useMemo(
    () =>
      visibleMenu(sideMenuFor(role), { role, companyId, companyType, subscription: plan }, isRegisteredPage),
    [role, companyId, companyType, plan],
  );
  const userLinks = useMemo(
    () =>
      visibleMenu(userMenu, { role, companyId, companyType, subscription: plan }, isRegisteredPage).flatMap(
        (item) => (item.path ? [{ key: item.key, label: item.label, icon: item.icon, path: item.path }] : []),
      ),
    [role, companyId, companyType, plan],
  );

  const name = profile.data ? displayName(profile.data) : user.email;
  const staff = user.role === 'ADMIN' || user.role === 'GESTOR';

  return (
    <AppShell
      menu={menu}
      headerCenter={staff ? <CompanySelector compact={compact} /> : <CompanyName compact={compact} />}
      headerActions={
        <>
          {company ? <NotificationBell companyId={company.companyId} /> : null}
          <UserMenu name={name} links={userLinks} onSignOut={() => void signOut()} compact={compact} />
        </>
      }
      banner={
        rateLimitError ? (
          <Alert type="warning" showIcon title={rateLimitError} style={{ marginBottom: 16 }} />
        ) : undefined
      }
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <OnboardingController userId={user.userId} userRole={user.role} />
    </AppShell>
  );
}

/** Spec part 1 §8: a 402 broadcasts the quota-exceeded event; the shell says so and offers the plans. */
function useQuotaExceededNotice(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onQuota = (event: Event) => {
      const { message } = (event as CustomEvent<QuotaExceededDetail>).detail;
      toast.warning(message, {
        title: 'Has alcanzado el límite de tu plan',
        action: { label: 'Ver planes', onClick: () => navigate(paths.app.subscription) },
      });
    };
    window.addEventListener(QUOTA_EXCEEDED_EVENT, onQuota);
    return () => window.removeEventListener(QUOTA_EXCEEDED_EVENT, onQuota);
  }, [navigate]);
}
