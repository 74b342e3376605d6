/**
 * What was paid of a received invoice (issue 16: the SII's RECC pagos under the criterio de caja;
 * later the treasury's): `GET receivedInvoices.listPayments`, `POST receivedInvoices.addPayment`
 * (idempotent: the client sends an Idempotency-Key), `DELETE receivedInvoices.deletePayment?reason=`.
 */
import type { AddReceivedPaymentBody, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { EXPENSES_STALE_MS, expensesKeys } from './keys';

export const receivedPaymentsKey = (companyId: string, receivedInvoiceId: string) =>
  [...expensesKeys.receivedInvoice(companyId, receivedInvoiceId), 'payments'] as const;

/** An array, or a page of them. */
export function getReceivedPayments(companyId: string, receivedInvoiceId: string, signal?: AbortSignal) {
  return apiRequest<
    ReceivedInvoicePayment[] | { content: ReceivedInvoicePayment[] } | { payments: ReceivedInvoicePayment[] }
  >('receivedInvoices.listPayments', { companyId, params: { receivedInvoiceId }, signal }).then((answer) =>
    Array.isArray(answer) ? answer : 'content' in answer ? answer.content : (answer.payments ?? []),
  );
}

export function useReceivedPayments(companyId: string, receivedInvoiceId: string) {
  return useQuery({
    queryKey: receivedPaymentsKey(companyId, receivedInvoiceId),
    queryFn: ({ signal }) => getReceivedPayments(companyId, receivedInvoiceId, signal),
    staleTime: EXPENSES_STALE_MS,
  });
}

/** A payment changes the invoice (paid amount, state, SII) and every list it appears in. */
function useRefreshReceived(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expensesKeys.receivedInvoices(companyId) }),
      queryClient.invalidateQueries({ queryKey: expensesKeys.totals(companyId) }),
    ]);
}

export function useAddReceivedPayment(companyId: string, receivedInvoiceId: string) {
  const refresh = useRefreshReceived(companyId);
  return useMutation({
    mutationFn: (body: AddReceivedPaymentBody) =>
      apiRequest<unknown>('receivedInvoices.addPayment', { companyId, params: { receivedInvoiceId }, body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteReceivedPayment(companyId: string, receivedInvoiceId: string) {
  const refresh = useRefreshReceived(companyId);
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason?: string }) =>
      apiRequest<unknown>('receivedInvoices.deletePayment', {
        companyId,
        params: { receivedInvoiceId, paymentId },
        query: { reason: reason?.trim() || undefined },
      }),
    onSuccess: () => refresh(),
  });
}
