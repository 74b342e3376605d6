import type { VerifactuDashboard } from '@shared/schemas/verifactu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { VERIFACTU_STALE_MS, verifactuKeys } from './keys';

/** `GET verifactu.dashboard`: configuration, counts by state, usage, certificate, warnings, recent errors. */
export function getVerifactuDashboard(companyId: string, signal?: AbortSignal): Promise<VerifactuDashboard> {
  return apiRequest<VerifactuDashboard>('verifactu.dashboard', { params: { companyId }, companyId, signal });
}

export const verifactuDashboardQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: verifactuKeys.dashboard(companyId),
    queryFn: ({ signal }) => getVerifactuDashboard(companyId ?? '', signal),
    staleTime: VERIFACTU_STALE_MS,
    enabled: companyId !== null,
  });

export function useVerifactuDashboard(companyId: string | null) {
  return useQuery(verifactuDashboardQueryOptions(companyId));
}
