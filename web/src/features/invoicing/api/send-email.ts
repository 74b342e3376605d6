import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

export interface SendEmailBody {
  to: string[];
  cc?: string[];
  subject?: string;
  message?: string;
}

/** `POST invoices.sendEmail`: queues the e-mail with the PDF attached. */
export function sendInvoiceEmail(invoiceId: string, body: SendEmailBody, companyId: string | null) {
  return apiRequest<unknown>('invoices.sendEmail', { params: { invoiceId }, body, companyId });
}

export function useSendInvoiceEmail(companyId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailBody) => sendInvoiceEmail(invoiceId, body, companyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicingKeys.emails(companyId, invoiceId) }),
  });
}
