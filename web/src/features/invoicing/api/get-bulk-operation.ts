import type { BulkOperation } from '@shared/schemas/bulk-operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** While an operation runs, its progress is asked every 2 s. */
export const BULK_POLL_MS = 2_000;

/** `GET invoices.bulkGet`. */
export function getBulkOperation(operationId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<BulkOperation>('invoices.bulkGet', { params: { operationId }, companyId, signal });
}

export const getBulkOperationQueryOptions = (operationId: string, companyId: string | null) =>
  queryOptions({
    queryKey: invoicingKeys.bulk(companyId, operationId),
    queryFn: ({ signal }) => getBulkOperation(operationId, companyId, signal),
    enabled: companyId !== null && operationId !== '',
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.data?.status === 'COMPLETED' ? false : BULK_POLL_MS,
  });

export function useBulkOperation(operationId: string, companyId: string | null) {
  return useQuery(getBulkOperationQueryOptions(operationId, companyId));
}
