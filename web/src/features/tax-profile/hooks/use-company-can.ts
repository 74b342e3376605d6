import type { RouteId } from '@shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callerOf, canCall } from '@web/lib/access';
import { useOptionalAuthUser } from '@web/lib/auth';
import { companyMembershipQueryOptions } from '@web/lib/company';

/**
 * `useCan` for the company a page's URL names (`/app/companies/:companyId/...`), which need not be
 * the selected one: the same check (the route's policy against the caller's role and permissions)
 * read against the membership of that company. While the membership is unknown the buttons stay
 * hidden; the server refuses what the person may not do in any case.
 */
export function useCompanyCan(companyId: string) {
  const user = useOptionalAuthUser();
  const membership = useQuery(companyMembershipQueryOptions(companyId));
  const known = membership.data ?? null;
  return {
    membership,
    can: (routeId: RouteId): boolean =>
      known !== null && canCall(routeId, callerOf(user?.role ?? null, known)),
  };
}
