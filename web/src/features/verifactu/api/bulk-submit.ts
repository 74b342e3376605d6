import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshSubmissions } from './keys';

/** Per invoice: QUEUED, or why it was not queued (ALREADY_SENT, NOT_APPLICABLE, NEEDS_CORRECTION). */
export interface BulkSubmitResult {
  results?: { invoiceId: string; result: string; message: string }[];
}

/** `POST verifactu.bulkSubmit { invoiceIds }`: queues the records of those invoices. */
export function bulkSubmit(invoiceIds: string[], companyId: string | null): Promise<BulkSubmitResult> {
  return apiRequest<BulkSubmitResult>('verifactu.bulkSubmit', { body: { invoiceIds }, companyId });
}

/** The Spanish summary of a bulk submit for the toast. */
export function bulkSubmitSummary(answer: BulkSubmitResult | undefined, requested: number): string {
  const results = answer?.results;
  if (!results)
    return `${requested} ${requested === 1 ? 'factura enviada' : 'facturas enviadas'} a la cola de VeriFacTu.`;
  const queued = results.filter((r) => r.result === 'QUEUED').length;
  const others = results.length - queued;
  return `${queued} ${queued === 1 ? 'factura puesta' : 'facturas puestas'} en cola${others ? `; ${others} sin enviar (${results.find((r) => r.result !== 'QUEUED')?.message ?? ''})` : ''}.`;
}

export function useBulkSubmit(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceIds: string[]) => bulkSubmit(invoiceIds, companyId),
    onSuccess: () => refreshSubmissions(queryClient, companyId),
  });
}
