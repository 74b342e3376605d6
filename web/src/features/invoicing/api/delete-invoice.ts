import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `DELETE invoices.delete` (drafts only; a confirmed invoice answers DOC_047). */
export function deleteInvoice(invoiceId: string, companyId: string | null) {
  return apiRequest<unknown>('invoices.delete', { params: { invoiceId }, companyId });
}

export function useDeleteInvoice(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => deleteInvoice(invoiceId, companyId),
    onSuccess: (_data, invoiceId) => {
      queryClient.removeQueries({ queryKey: invoicingKeys.detail(companyId, invoiceId) });
      return queryClient.invalidateQueries({ queryKey: invoicingKeys.lists(companyId) });
    },
  });
}
