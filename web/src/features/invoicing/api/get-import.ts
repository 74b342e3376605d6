import type { ImportBatchView } from '@shared/schemas/invoice-import';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** `GET invoices.importGet`, polled every 2 s while the batch executes. */
export function getImport(batchId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<ImportBatchView>('invoices.importGet', { params: { batchId }, companyId, signal });
}

export function useImportBatch(batchId: string | null, companyId: string | null) {
  return useQuery({
    queryKey: ['invoicing', companyId, 'import', batchId],
    queryFn: ({ signal }) => getImport(batchId!, companyId, signal),
    enabled: companyId !== null && batchId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'EXECUTING' ? 2_000 : false),
  });
}
