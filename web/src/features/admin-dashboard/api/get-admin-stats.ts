import type { AdminStats } from '@shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { adminDashboardKeys } from './keys';

/** `GET admin.stats`: users, subscriptions, monthly revenue and their change over 30 days. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest<AdminStats>('admin.stats', { signal });
}

export const getAdminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminDashboardKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  return useQuery(getAdminStatsQueryOptions());
}
