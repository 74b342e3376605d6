import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshInvoice } from './keys';

/** `POST invoices.cancel` with the reason (at least 5 characters). */
export function cancelInvoice(invoiceId: string, reason: string, companyId: string | null) {
  return apiRequest<InvoiceWithPayments>('invoices.cancel', {
    params: { invoiceId },
    body: { reason },
    companyId,
  });
}

export function useCancelInvoice(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelInvoice(invoiceId, reason, companyId),
    onSuccess: () => refreshInvoice(queryClient, companyId, invoiceId),
  });
}
