import type { AdminActivity } from '@shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { adminDashboardKeys } from './keys';

/** Spec part 3 §9: admin activity default 10. */
export const ADMIN_ACTIVITY_LIMIT = 10;

/** `GET admin.recentActivities`: the newest registrations, companies and subscriptions, newest first. */
export function getAdminActivities(limit: number, signal?: AbortSignal): Promise<AdminActivity[]> {
  return apiRequest<AdminActivity[]>('admin.recentActivities', { query: { limit }, signal });
}

export const getAdminActivitiesQueryOptions = (limit: number = ADMIN_ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: adminDashboardKeys.activities(limit),
    queryFn: ({ signal }) => getAdminActivities(limit, signal),
  });

export function useAdminActivities(limit: number = ADMIN_ACTIVITY_LIMIT) {
  return useQuery(getAdminActivitiesQueryOptions(limit));
}
