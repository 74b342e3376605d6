import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '@web/components/page-loader';
import { AppShell } from '@web/features/layout/components/app-shell';
import { CompanyName, CompanySelector } from '@web/features/layout/components/company-selector';
import { UserMenu } from '@web/features/layout/components/user-menu';
import { useUnreadMessages } from '@web/features/messaging/api/unread';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { useNotificationSocket } from '@web/features/notifications/ws/use-notification-socket';
import { OnboardingController } from '@web/features/onboarding/components/onboarding-controller';
import { QUOTA_EXCEEDED_EVENT, type QuotaExceededDetail } from '@web/lib/api-client';
import { useAuth, useAuthUser } from '@web/lib/auth';
import { useCompanyMembership } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { displayName, useProfile } from '@web/lib/profile';
import type { Role } from '@web/lib/roles';
import { useSelectedCompany } from '@web/lib/session';
import { subscriptionQueryOptions } from '@web/lib/subscription';
import { toast } from '@web/lib/toast';
import { Alert, Grid } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { opensPage } from '../app-pages';
import { isExemptFromCompanyRule } from '../guards/company-rule';
import {
  MESSAGES_MENU_KEY,
  MESSAGING_MENU_KEY,
  type MenuContext,
  sideMenuFor,
  userMenu,
  visibleMenu,
  withBadges,
} from '../menus';

/**
 * The signed-in application: header (company, bell, user menu), the role's side menu (a drawer
 * under 768 px), the onboarding dialog, the notifications socket and the session notices.
 */
export function AppLayout() {
  const { signOut, rateLimitError } = useAuth();
  const user = useAuthUser();
  const company = useSelectedCompany();
  const profile = useProfile();
  const subscription = useSubscription(hasOwnPlan(user.role, profile.data?.isAutonomous));
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  useNotificationSocket();
  useQuotaExceededNotice();

  const membership = useCompanyMembership();
  const isAutonomous = profile.data?.isAutonomous ?? false;
  const { role } = user;
  const companyId = company?.companyId ?? null;
  const companyType = company?.companyType ?? null;
  const siiEnabled = company?.siiEnabled ?? false;
  const plan = subscription.data ?? null;
  const permissions = membership.data?.myPermissions;
  const unreadMessages = useUnreadMessages();
  const menus = useMemo(() => {
    const context: MenuContext = {
      role,
      isAutonomous,
      companyId,
      companyType,
      subscription: plan,
      siiEnabled,
    };
    const access = { role, permissions: permissions ?? [], subscription: plan };
    // Without a selected company every path but the exempt ones leads to /app/companies.
    const opens = (path: string) =>
      (companyId !== null || isExemptFromCompanyRule(path)) && opensPage(path, access);
    return {
      side: withBadges(visibleMenu(sideMenuFor(role, isAutonomous), context, opens), {
        [MESSAGES_MENU_KEY]: unreadMessages,
        [MESSAGING_MENU_KEY]: unreadMessages,
      }),
      user: visibleMenu(userMenu, context, opens).flatMap((item) =>
        item.path ? [{ key: item.key, label: item.label, icon: item.icon, path: item.path }] : [],
      ),
    };
  }, [role, isAutonomous, companyId, companyType, siiEnabled, plan, permissions, unreadMessages]);
  // The buttons of every page follow the membership (web/src/lib/access.ts): load it first.
  const waiting = (companyId !== null && membership.isPending) || profile.isPending;
  // The menu shows once what decides it is known (which menu: the profile; which entries: the
  // membership's permissions and the plan), not a client's menu that turns into an owner's.
  const menuKnown = !waiting && !(hasOwnPlan(role, isAutonomous) && subscription.isPending);

  const name = profile.data ? displayName(profile.data) : user.email;
  const staff = user.role === 'ADMIN' || user.role === 'GESTOR';

  return (
    <AppShell
      menu={menuKnown ? menus.side : []}
      headerCenter={staff ? <CompanySelector compact={compact} /> : <CompanyName compact={compact} />}
      headerActions={
        <>
          {company ? <NotificationBell companyId={company.companyId} /> : null}
          <UserMenu
            name={name}
            links={menuKnown ? menus.user : []}
            onSignOut={() => void signOut()}
            compact={compact}
          />
        </>
      }
      banner={
        rateLimitError ? (
          <Alert type="warning" showIcon title={rateLimitError} style={{ marginBottom: 16 }} />
        ) : undefined
      }
    >
      {waiting ? (
        <PageLoader />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      )}
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

/**
 * Who can have a subscription of its own: a gestor, an administrator, an autónomo without an
 * advisor. A gestoría's client pays for nothing and inherits nothing, so its subscription is not
 * asked for (no 404 on every page, issue 10 item 7). Unknown until the profile arrives.
 */
export function hasOwnPlan(role: Role, isAutonomous: boolean | undefined): boolean {
  return role !== 'CLIENTE' || isAutonomous === true;
}

function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
