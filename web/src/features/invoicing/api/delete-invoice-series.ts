import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `DELETE invoiceSeries.delete` (only a series that never issued a number; otherwise DOC_046). */
export function deleteInvoiceSeries(seriesId: string, companyId: string | null) {
  return apiRequest<{ deleted: boolean; seriesId: string }>('invoiceSeries.delete', {
    params: { seriesId },
    companyId,
  });
}

export function useDeleteInvoiceSeries(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => deleteInvoiceSeries(seriesId, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicingKeys.series(companyId) }),
  });
}
