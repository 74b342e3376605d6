import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** One e-mail of an invoice as the log keeps it (field names read defensively). */
export interface InvoiceEmail {
  emailId?: string;
  to: string[] | string;
  cc?: string[] | string | null;
  subject?: string;
  status: string;
  createdAt?: string;
  sentAt?: string | null;
  queuedAt?: string;
  error?: string | null;
  errorMessage?: string | null;
}

/** `GET invoices.emailLog`: the e-mails sent with the invoice, newest first. */
export function getEmailLog(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceEmail[] | { content: InvoiceEmail[] } | { emails: InvoiceEmail[] }>(
    'invoices.emailLog',
    {
      params: { invoiceId },
      companyId,
      signal,
    },
  ).then((answer) =>
    Array.isArray(answer) ? answer : 'content' in answer ? answer.content : (answer.emails ?? []),
  );
}

export const getEmailLogQueryOptions = (invoiceId: string, companyId: string | null) =>
  queryOptions({
    queryKey: invoicingKeys.emails(companyId, invoiceId),
    queryFn: ({ signal }) => getEmailLog(invoiceId, companyId, signal),
    enabled: companyId !== null,
    // A queued e-mail turns into sent or error within seconds: keep looking while one waits.
    refetchInterval: (query) =>
      (query.state.data ?? []).some((e) => ['QUEUED', 'PENDING'].includes(e.status)) ? 2_000 : false,
  });

export function useEmailLog(invoiceId: string, companyId: string | null) {
  return useQuery(getEmailLogQueryOptions(invoiceId, companyId));
}
