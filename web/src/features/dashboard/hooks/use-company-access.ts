/**
 * What the caller may read in the dashboard's company. For the selected company it is `useCanCall`
 * (web/src/lib/access.ts), as everywhere; for another one (a card of the consolidated view) the same
 * rule read against the caller's membership of that company (`GET companies.get`). While the
 * membership is unknown a company route is left to the server, as `useCanCall` does.
 */
import { type RouteId, routes } from '@shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callerOf, canCall, useCanCall } from '@web/lib/access';
import { useOptionalAuthUser } from '@web/lib/auth';
import { companyMembershipQueryOptions, useCompanyId } from '@web/lib/company';

export function useCompanyAccess(companyId: string): (routeId: RouteId) => boolean {
  const selectedId = useCompanyId();
  const canSelected = useCanCall();
  const user = useOptionalAuthUser();
  const other = useQuery({ ...companyMembershipQueryOptions(companyId), enabled: companyId !== selectedId });
  if (companyId === selectedId) return canSelected;
  const known = other.data ?? null;
  return (routeId) => {
    if (!known && routes[routeId].company) return true;
    return canCall(routeId, callerOf(user?.role ?? null, known));
  };
}
