import type { Invoice } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshInvoice } from './keys';

/** `POST invoices.confirm`: the draft gets its number. */
export function confirmInvoice(invoiceId: string, companyId: string | null, series?: string) {
  return apiRequest<Invoice>('invoices.confirm', { params: { invoiceId }, query: { series }, companyId });
}

export function useConfirmInvoice(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => confirmInvoice(invoiceId, companyId),
    onSuccess: (invoice) => refreshInvoice(queryClient, companyId, invoice.invoiceId),
  });
}
