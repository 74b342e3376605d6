import type { AdvisorPeriod } from '@shared/schemas/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAdvisorSummary } from './get-advisor-summary';
import { advisorDashboardKeys } from './keys';

/**
 * The refresh button: the summary with `refresh=true` recomputes (and re-caches) every company's
 * stats for the period; the company lists of that period are then read again from the fresh cache.
 */
export function useRefreshAdvisorDashboard(period: AdvisorPeriod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getAdvisorSummary(period, { refresh: true }),
    onSuccess: async (summary) => {
      queryClient.setQueryData(advisorDashboardKeys.summary(period), summary);
      await queryClient.invalidateQueries({ queryKey: advisorDashboardKeys.companiesOfPeriod(period) });
    },
  });
}
