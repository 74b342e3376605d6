import type { AddPaymentBody } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys, refreshInvoice } from './keys';

/** `POST invoices.addPayment` (the API refuses cash of 1.000 € or more between businesses). */
export function addPayment(invoiceId: string, body: AddPaymentBody, companyId: string | null) {
  return apiRequest<unknown>('invoices.addPayment', { params: { invoiceId }, body, companyId });
}

export function useAddPayment(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPaymentBody) => addPayment(invoiceId, body, companyId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicingKeys.payments(companyId, invoiceId) }),
        refreshInvoice(queryClient, companyId, invoiceId),
      ]),
  });
}
