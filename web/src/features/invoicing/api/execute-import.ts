import type { ImportBatchView, ImportExecuteBody } from '@shared/schemas/invoice-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshAfterImport } from './get-import';
import { invoicingKeys } from './keys';

/** `POST invoices.importExecute`: creates the invoices of a validated batch (asynchronously). */
export function executeImport(batchId: string, body: ImportExecuteBody, companyId: string | null) {
  return apiRequest<ImportBatchView>('invoices.importExecute', { params: { batchId }, body, companyId });
}

export function useExecuteImport(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: string; body: ImportExecuteBody }) =>
      executeImport(batchId, body, companyId),
    onSuccess: (batch) => {
      queryClient.setQueryData(invoicingKeys.importBatch(companyId, batch.batchId), batch);
      // Executed at once (small files): the lists refresh now; otherwise when polling sees it end.
      return batch.status === 'COMPLETED' ? refreshAfterImport(queryClient, companyId) : undefined;
    },
  });
}
