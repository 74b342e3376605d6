import type { InvoiceSeriesView, UpdateInvoiceSeriesBody } from '@shared/schemas/invoice-series';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `PUT invoiceSeries.update` (code, purpose and format are frozen once the series issued numbers). */
export function updateInvoiceSeries(
  seriesId: string,
  body: UpdateInvoiceSeriesBody,
  companyId: string | null,
) {
  return apiRequest<InvoiceSeriesView>('invoiceSeries.update', { params: { seriesId }, body, companyId });
}

export function useUpdateInvoiceSeries(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, body }: { seriesId: string; body: UpdateInvoiceSeriesBody }) =>
      updateInvoiceSeries(seriesId, body, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicingKeys.series(companyId) }),
  });
}
