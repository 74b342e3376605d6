/** react-query keys of the invoicing feature, so mutations invalidate exactly what they change. */
export const invoicingKeys = {
  all: (companyId: string | null) => ['invoicing', companyId] as const,
  lists: (companyId: string | null) => ['invoicing', companyId, 'list'] as const,
  detail: (companyId: string | null, invoiceId: string) =>
    ['invoicing', companyId, 'detail', invoiceId] as const,
  payments: (companyId: string | null, invoiceId: string) =>
    ['invoicing', companyId, 'payments', invoiceId] as const,
  emails: (companyId: string | null, invoiceId: string) =>
    ['invoicing', companyId, 'emails', invoiceId] as const,
  series: (companyId: string | null) => ['invoicing', companyId, 'series'] as const,
  customers: (companyId: string | null) => ['invoicing', companyId, 'customers'] as const,
  importBatch: (companyId: string | null, batchId: string | null) =>
    ['invoicing', companyId, 'import', batchId] as const,
  bulk: (companyId: string | null, operationId: string) =>
    ['invoicing', companyId, 'bulk', operationId] as const,
};

/** Invoices change under the user (payments, SII, e-mails): a short freshness. */
export const INVOICES_STALE_MS = 30_000;

/** After a change to one invoice: its detail and every list. */
export const refreshInvoice = (
  queryClient: { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> },
  companyId: string | null,
  invoiceId: string,
) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoicingKeys.detail(companyId, invoiceId) }),
    queryClient.invalidateQueries({ queryKey: invoicingKeys.lists(companyId) }),
  ]);
