import type { InvoiceView, UpdatePaymentBody } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys, refreshInvoice } from './keys';

/** `PUT invoices.updatePayment`: corrects a recorded payment (the audit line keeps the old values). */
export function updatePayment(
  invoiceId: string,
  paymentId: string,
  body: UpdatePaymentBody,
  companyId: string | null,
) {
  return apiRequest<InvoiceView>('invoices.updatePayment', {
    params: { invoiceId, paymentId },
    body,
    companyId,
  });
}

export function useUpdatePayment(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: UpdatePaymentBody }) =>
      updatePayment(invoiceId, paymentId, body, companyId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicingKeys.payments(companyId, invoiceId) }),
        refreshInvoice(queryClient, companyId, invoiceId),
      ]),
  });
}
