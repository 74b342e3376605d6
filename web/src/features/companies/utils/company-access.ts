/**
 * What the signed-in person may call in the company a page shows (which need not be the selected
 * one): the route's policy (shared/api/access.ts) read against that company's `GET companies.get`
 * answer (myRole, myPermissions). Pages hide what the server would refuse with a 403 (issue 10
 * item 5): the settings of a CLIENTE without VIEW_INVOICES, the users of a company one does not manage.
 */
import type { RouteId } from '@shared/api/routes';
import { callerOf, canCall } from '@web/lib/access';
import { useOptionalAuthUser } from '@web/lib/auth';
import type { CompanyDetail } from '../types';

export function useCompanyCan(
  company: Pick<CompanyDetail, 'myRole' | 'myPermissions'> | undefined,
): (routeId: RouteId) => boolean {
  const user = useOptionalAuthUser();
  return (routeId) => company !== undefined && canCall(routeId, callerOf(user?.role ?? null, company));
}
