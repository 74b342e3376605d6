import type { GestorTypeResult } from '@shared/schemas/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from './keys';

/** `GET users.gestorType`: the kind of account (GESTORIA, AUTONOMO, EMPRESA, ADMIN) behind the layout. */
export function getGestorType(signal?: AbortSignal): Promise<GestorTypeResult> {
  return apiRequest<GestorTypeResult>('users.gestorType', { signal });
}

export const gestorTypeQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.gestorType(),
    queryFn: ({ signal }) => getGestorType(signal),
    staleTime: 15 * 60_000,
  });

export function useGestorType(enabled: boolean) {
  return useQuery({ ...gestorTypeQueryOptions(), enabled });
}
