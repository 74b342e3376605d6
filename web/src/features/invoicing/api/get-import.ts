import type { ImportBatchView } from '@shared/schemas/invoice-import';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invalidateCustomers } from '@web/lib/new-customer';
import { invoicingKeys } from './keys';

/** `GET invoices.importGet`, polled every 2 s while the batch executes. */
export function getImport(batchId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<ImportBatchView>('invoices.importGet', { params: { batchId }, companyId, signal });
}

/**
 * Once an import has created its invoices, every list that shows them is stale: the invoice lists
 * and the customers' (each customer lists its invoices).
 */
export const refreshAfterImport = (queryClient: QueryClient, companyId: string | null) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoicingKeys.lists(companyId) }),
    invalidateCustomers(queryClient, companyId),
  ]);

export function useImportBatch(batchId: string | null, companyId: string | null) {
  const queryClient = useQueryClient();
  const queryKey = invoicingKeys.importBatch(companyId, batchId);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportBatchView>(queryKey);
      const batch = await getImport(batchId!, companyId, signal);
      // The execution runs in the background: refresh when it is seen to finish.
      if (batch.status === 'COMPLETED' && before?.status === 'EXECUTING') {
        await refreshAfterImport(queryClient, companyId);
      }
      return batch;
    },
    enabled: companyId !== null && batchId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'EXECUTING' ? 2_000 : false),
  });
}
