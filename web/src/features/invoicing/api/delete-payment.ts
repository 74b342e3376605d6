import type { InvoiceView } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys, refreshInvoice } from './keys';

/** `DELETE invoices.deletePayment`: the payment stops counting; it stays listed with its audit line. */
export function deletePayment(
  invoiceId: string,
  paymentId: string,
  reason: string | undefined,
  companyId: string | null,
) {
  return apiRequest<InvoiceView>('invoices.deletePayment', {
    params: { invoiceId, paymentId },
    ...(reason ? { query: { reason } } : {}),
    companyId,
  });
}

export function useDeletePayment(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason?: string }) =>
      deletePayment(invoiceId, paymentId, reason, companyId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicingKeys.payments(companyId, invoiceId) }),
        refreshInvoice(queryClient, companyId, invoiceId),
      ]),
  });
}
