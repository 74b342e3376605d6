import type { ClientDashboard, ClientDashboardQuery } from '@shared/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { clientDashboardKeys } from './keys';

export type ClientPeriod = ClientDashboardQuery['period'];

/** `GET client.dashboard`: the client's view of its company for the period (YEAR by default). */
export function getClientDashboard(
  companyId: string,
  period: ClientPeriod,
  signal?: AbortSignal,
): Promise<ClientDashboard> {
  return apiRequest<ClientDashboard>('client.dashboard', { query: { period }, companyId, signal });
}

export const getClientDashboardQueryOptions = (companyId: string, period: ClientPeriod) =>
  queryOptions({
    queryKey: clientDashboardKeys.dashboard(companyId, period),
    queryFn: ({ signal }) => getClientDashboard(companyId, period, signal),
    placeholderData: keepPreviousData,
  });

export function useClientDashboard(companyId: string, period: ClientPeriod) {
  return useQuery(getClientDashboardQueryOptions(companyId, period));
}
