/** The ADMIN reading metrics (`aiMetrics.*`, spec part 3 §7 gemini-metrics paths): one hook per call. */
import type { RouteId } from '@shared/api/routes';
import type {
  AlertsReport,
  CacheReport,
  CostsReport,
  GlobalReadingMetrics,
  PrecisionReport,
  ReadingLimits,
  ReadingLimitType,
  TopCompaniesReport,
} from '@shared/schemas/ai-metrics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export interface AdminPeriod {
  fromDate?: string;
  toDate?: string;
}

const adminKey = ['documents', 'admin-metrics'] as const;

function useAdminRead<T>(
  routeId: RouteId,
  period: AdminPeriod,
  params?: Record<string, string>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...adminKey, routeId, period, params ?? {}],
    queryFn: ({ signal }) => apiRequest<T>(routeId, { query: { ...period }, params, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useGlobalMetrics = (p: AdminPeriod) => useAdminRead<GlobalReadingMetrics>('aiMetrics.global', p);
export const useTopCompanies = (p: AdminPeriod) =>
  useAdminRead<TopCompaniesReport>('aiMetrics.topCompanies', p);
export const useCosts = (p: AdminPeriod) => useAdminRead<CostsReport>('aiMetrics.costs', p);
export const useAlerts = (p: AdminPeriod) => useAdminRead<AlertsReport>('aiMetrics.alerts', p);
export const usePrecision = (p: AdminPeriod) => useAdminRead<PrecisionReport>('aiMetrics.precision', p);
export const useCache = (p: AdminPeriod) => useAdminRead<CacheReport>('aiMetrics.cache', p);
export const useCompanyLimits = (targetCompanyId: string | null) =>
  useAdminRead<ReadingLimits>(
    'aiMetrics.getLimits',
    {},
    { targetCompanyId: targetCompanyId ?? '' },
    targetCompanyId !== null,
  );

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: { targetCompanyId: string; type: ReadingLimitType; limit: number | null }) =>
      apiRequest('aiMetrics.setLimit', {
        params: { targetCompanyId: a.targetCompanyId, type: a.type },
        body: { limit: a.limit },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
