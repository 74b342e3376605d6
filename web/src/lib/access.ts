/**
 * What the signed-in person may do in the selected company, from the same data the server
 * enforces: the route table's access policy (`routes[id].access`, shared/api/access.ts) and its
 * Cognito role gate, read against the person's membership of the selected company
 * (`GET companies.get` → myRole, myPermissions). Buttons of actions a person may not take are not
 * shown (issue 10 item 5); the server still refuses them, and its message is shown when it does.
 */
import { allows } from '@shared/api/access';
import { type RouteDef, type RouteId, routes } from '@shared/api/routes';
import type { ClientPermission, CompanyRole } from '@shared/db/records';
import { useOptionalAuthUser } from './auth';
import { type CompanyMembership, useCompanyMembership } from './company';
import { hasRole, type Role } from './roles';

export interface Caller {
  /** The platform role (Cognito group); null when unknown (only the membership is known). */
  role: Role | null;
  isAdmin: boolean;
  /** The caller's role and permissions in the selected company; null when not a member. */
  membership: { companyRole: CompanyRole; permissions: readonly ClientPermission[] } | null;
}

/** The caller as `GET companies.get` describes it (an administrator's myRole is 'ADMIN'). */
export function callerOf(
  role: Role | null,
  membership: Pick<CompanyMembership, 'myRole' | 'myPermissions'> | null,
): Caller {
  const myRole = membership?.myRole ?? null;
  return {
    role,
    isAdmin: role === 'ADMIN' || myRole === 'ADMIN',
    membership:
      myRole && myRole !== 'ADMIN'
        ? { companyRole: myRole, permissions: membership?.myPermissions ?? [] }
        : null,
  };
}

/** Whether the caller passes the route's gates: the Cognito role gate, then the company policy. */
export function canCall(routeId: RouteId, caller: Caller): boolean {
  const route: RouteDef = routes[routeId];
  if (route.roles && caller.role && !hasRole(caller.role, route.roles)) return false;
  if (!route.company || !route.access) return true;
  return allows(route.access, { isAdmin: caller.isAdmin, membership: caller.membership ?? undefined });
}

/**
 * `useCan('invoices.create')`: true when the signed-in person may call that route in the selected
 * company. The app layout loads the membership before any page renders; while it is unknown (no
 * company selected, a component rendered on its own) the server's answer decides.
 */
export function useCan(routeId: RouteId): boolean {
  return useCanCall()(routeId);
}

/** The check itself, for components that decide several actions at once (a table's row actions). */
export function useCanCall(): (routeId: RouteId) => boolean {
  const user = useOptionalAuthUser();
  const membership = useCompanyMembership();
  const known = membership.data ?? null;
  return (routeId) => {
    // Unknown membership: a company route is left to the server (which answers with its message).
    if (!known && routes[routeId].company) return true;
    return canCall(routeId, callerOf(user?.role ?? null, known));
  };
}
