import type { Invoice } from '@shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { InvoiceBody } from '../utils/invoice-form';
import { invoicingKeys } from './keys';

export type SaveMode = 'draft' | 'confirm';

export interface SaveInvoiceInput {
  body: InvoiceBody;
  mode: SaveMode;
  /** Series id; the company's default when absent. */
  series?: string;
  /** Set on the edit page: the draft being replaced. */
  invoiceId?: string;
}

/**
 * `POST invoices.create` (new draft), `PUT invoices.update` (edited draft),
 * `POST invoices.createAndConfirm` (new and confirmed in one call), or, for an edited draft
 * confirmed at once, `PUT invoices.update` then `POST invoices.confirm`.
 */
export async function saveInvoice(input: SaveInvoiceInput, companyId: string | null): Promise<Invoice> {
  const query = { series: input.series };
  if (!input.invoiceId) {
    return apiRequest<Invoice>(input.mode === 'confirm' ? 'invoices.createAndConfirm' : 'invoices.create', {
      body: input.body,
      query,
      companyId,
    });
  }
  const params = { invoiceId: input.invoiceId };
  const saved = await apiRequest<Invoice>('invoices.update', { params, body: input.body, companyId });
  if (input.mode === 'draft') return saved;
  return apiRequest<Invoice>('invoices.confirm', { params, query, companyId });
}

export function useSaveInvoice(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInvoiceInput) => saveInvoice(input, companyId),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoicingKeys.detail(companyId, invoice.invoiceId), invoice);
      return queryClient.invalidateQueries({ queryKey: invoicingKeys.lists(companyId) });
    },
  });
}
