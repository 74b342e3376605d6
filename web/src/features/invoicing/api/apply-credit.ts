import type { ApplyCreditBody, InvoiceView } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshInvoice } from './keys';

/** `POST invoices.applyCredit`: the credit note's unused credit lowers another open invoice. */
export function applyCredit(creditNoteId: string, body: ApplyCreditBody, companyId: string | null) {
  return apiRequest<InvoiceView>('invoices.applyCredit', {
    params: { invoiceId: creditNoteId },
    body,
    companyId,
  });
}

export function useApplyCredit(companyId: string | null, creditNoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyCreditBody) => applyCredit(creditNoteId, body, companyId),
    onSuccess: (_, body) =>
      Promise.all([
        refreshInvoice(queryClient, companyId, creditNoteId),
        refreshInvoice(queryClient, companyId, body.targetInvoiceId),
      ]),
  });
}
