import type { RouteId } from '@shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callerOf, canCall } from '@web/lib/access';
import { useOptionalAuthUser } from '@web/lib/auth';
import { companyMembershipQueryOptions } from '@web/lib/company';

/**
 * `useCan` for a company named by the URL (/app/companies/:companyId/sii), which need not be the
 * selected one: the same route policy read against the caller's membership of THAT company. While
 * the membership is unknown nothing is offered; the server checks every write again.
 */
export function useCanInCompany(routeId: RouteId, companyId: string): boolean {
  const user = useOptionalAuthUser();
  const membership = useQuery(companyMembershipQueryOptions(companyId));
  if (!membership.data) return false;
  return canCall(routeId, callerOf(user?.role ?? null, membership.data));
}
