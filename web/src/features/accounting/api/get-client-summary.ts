import type { ClientAccountingSummary } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET accounting.clientSummary`: the client portal's balance sheet and P&L, read-only. */
export function getClientSummary(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<ClientAccountingSummary>('accounting.clientSummary', { companyId, signal });
}

export const clientSummaryQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'client-summary'],
    queryFn: ({ signal }) => getClientSummary(companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useClientSummary(companyId: string | null) {
  return useQuery(clientSummaryQueryOptions(companyId));
}
