import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

/** `GET verifactu.getConfig`: the company's configuration, or null while it has none. */
export function getVerifactuConfig(companyId: string, signal?: AbortSignal): Promise<VerifactuConfig | null> {
  return apiRequest<VerifactuConfig | null>('verifactu.getConfig', { params: { companyId }, signal }).then(
    (config) => config ?? null,
  );
}

export const verifactuConfigQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: verifactuKeys.config(companyId),
    queryFn: ({ signal }) => getVerifactuConfig(companyId, signal),
  });

export function useVerifactuConfig(companyId: string) {
  return useQuery(verifactuConfigQueryOptions(companyId));
}
