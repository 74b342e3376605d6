import type { BulkOperation, CreateBulkOperationBody } from '@shared/schemas/bulk-operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `POST invoices.bulkCreate`: the operation is queued and answered at once (202). */
export function createBulkOperation(body: CreateBulkOperationBody, companyId: string | null) {
  return apiRequest<BulkOperation>('invoices.bulkCreate', { body, companyId });
}

export function useCreateBulkOperation(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBulkOperationBody) => createBulkOperation(body, companyId),
    onSuccess: (operation) =>
      queryClient.setQueryData(invoicingKeys.bulk(companyId, operation.operationId), operation),
  });
}
