import type { DashboardSummary } from '@shared/schemas/dashboard';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { useCallback, useState } from 'react';
import { dashboardKeys } from './keys';

/** `GET dashboard.summary`: the company dashboard; `refresh` recomputes every section now. */
export function getDashboardSummary(
  companyId: string,
  options: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<DashboardSummary> {
  return apiRequest<DashboardSummary>('dashboard.summary', {
    companyId,
    query: options.refresh ? { refresh: 'true' } : undefined,
    signal: options.signal,
  });
}

export const dashboardSummaryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.summary(companyId),
    queryFn: ({ signal }) => getDashboardSummary(companyId, { signal }),
    // The server reuses a section for 60 s; reading it more often would show the same figures.
    staleTime: 60_000,
  });

/**
 * The summary plus `refresh()`: the refresh button asks for `refresh=true` and puts the answer in
 * the cache (an error stays on the query so the screen shows it).
 */
export function useDashboardSummary(companyId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(dashboardSummaryQueryOptions(companyId));
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await queryClient.fetchQuery({
        queryKey: dashboardKeys.summary(companyId),
        queryFn: ({ signal }) => getDashboardSummary(companyId, { refresh: true, signal }),
        staleTime: 0,
      });
    } catch {
      // The query keeps the error: the screen shows 'Error al cargar el dashboard' with Reintentar.
    } finally {
      setRefreshing(false);
    }
  }, [queryClient, companyId]);
  return { ...query, refresh, refreshing };
}
