import type { AdvisorPeriod, AdvisorSummary } from '@shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { advisorDashboardKeys } from './keys';

/**
 * `GET dashboard.advisorSummary`: the consolidated figures of the gestor's companies for the period.
 * `refresh` recomputes every company now instead of reusing stats cached up to 10 minutes.
 */
export function getAdvisorSummary(
  period: AdvisorPeriod,
  { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<AdvisorSummary> {
  return apiRequest<AdvisorSummary>('dashboard.advisorSummary', {
    query: { period, refresh: refresh ? 'true' : undefined },
    signal,
  });
}

export const getAdvisorSummaryQueryOptions = (period: AdvisorPeriod) =>
  queryOptions({
    queryKey: advisorDashboardKeys.summary(period),
    queryFn: ({ signal }) => getAdvisorSummary(period, { signal }),
  });

export function useAdvisorSummary(period: AdvisorPeriod) {
  return useQuery(getAdvisorSummaryQueryOptions(period));
}
