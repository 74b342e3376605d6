import type { AdvisorInfo } from '@shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { clientDashboardKeys } from './keys';

/** `GET client.advisor`: the company's advisor, whether it is online and what the client may ask of it. */
export function getClientAdvisor(companyId: string, signal?: AbortSignal): Promise<AdvisorInfo> {
  return apiRequest<AdvisorInfo>('client.advisor', { companyId, signal });
}

export const getClientAdvisorQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: clientDashboardKeys.advisor(companyId),
    queryFn: ({ signal }) => getClientAdvisor(companyId, signal),
  });

export function useClientAdvisor(companyId: string) {
  return useQuery(getClientAdvisorQueryOptions(companyId));
}
