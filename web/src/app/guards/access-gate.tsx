import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '@web/components/page-loader';
import { useAuthUser } from '@web/lib/auth';
import { companyMembershipQueryOptions, useCompanyId } from '@web/lib/company';
import { hasRole } from '@web/lib/roles';
import { subscriptionQueryOptions } from '@web/lib/subscription';
import type { ReactNode } from 'react';
import { evaluateAccess, needsPermissionCheck, needsPlanCheck, type RouteAccess } from './access';
import { AccessCheckFailed, PermissionDenied, PremiumFeature, RoleDenied } from './gate-pages';

/**
 * Applies a route's access rules (its `handle.access`): role gate, then the CLIENTE permission in
 * the selected company (`GET companies/{id}` → myPermissions), then the plan
 * (`GET billing/subscription`). Only what the rules need is fetched.
 */
export default function AccessGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { role } = useAuthUser();
  const companyId = useCompanyId();
  const roleDenied = access.roles !== undefined && !hasRole(role, access.roles);
  const checkPermission = !roleDenied && needsPermissionCheck(access, role) && companyId !== null;
  const checkPlan = !roleDenied && needsPlanCheck(access, role);

  const membership = useQuery({
    ...companyMembershipQueryOptions(companyId ?? ''),
    enabled: checkPermission,
  });
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: checkPlan });

  if (!roleDenied) {
    if ((checkPermission && membership.isPending) || (checkPlan && subscription.isPending)) {
      return <PageLoader />;
    }
    if (checkPermission && membership.isError)
      return <AccessCheckFailed onRetry={() => void membership.refetch()} />;
    if (checkPlan && subscription.isError)
      return <AccessCheckFailed onRetry={() => void subscription.refetch()} />;
  }

  const decision = evaluateAccess(access, {
    role,
    permissions: membership.data?.myPermissions ?? [],
    subscription: subscription.data ?? null,
  });
  if (decision.allowed) return children;
  switch (decision.reason) {
    case 'role':
      return <RoleDenied roles={decision.roles} currentRole={role} />;
    case 'permission':
      return <PermissionDenied permission={decision.permission} />;
    case 'plan':
      return <PremiumFeature feature={decision.feature} />;
  }
}
