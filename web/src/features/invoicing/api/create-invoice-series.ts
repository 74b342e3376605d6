import type { CreateInvoiceSeriesBody, InvoiceSeriesView } from '@shared/schemas/invoice-series';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `POST invoiceSeries.create` (the company's first active ordinary series becomes its default). */
export function createInvoiceSeries(body: CreateInvoiceSeriesBody, companyId: string | null) {
  return apiRequest<InvoiceSeriesView>('invoiceSeries.create', { body, companyId });
}

export function useCreateInvoiceSeries(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceSeriesBody) => createInvoiceSeries(body, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicingKeys.series(companyId) }),
  });
}
