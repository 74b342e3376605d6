import type { SiiConfig } from '@shared/schemas/sii';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { siiKeys } from './keys';

/** `GET sii.getConfig`: the company's SII configuration, or null while it has none. */
export function getSiiConfig(companyId: string, signal?: AbortSignal): Promise<SiiConfig | null> {
  return apiRequest<SiiConfig | null>('sii.getConfig', { params: { companyId }, signal }).then(
    (config) => config ?? null,
  );
}

export const siiConfigQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: siiKeys.config(companyId),
    queryFn: ({ signal }) => getSiiConfig(companyId, signal),
  });

export function useSiiConfig(companyId: string) {
  return useQuery(siiConfigQueryOptions(companyId));
}
