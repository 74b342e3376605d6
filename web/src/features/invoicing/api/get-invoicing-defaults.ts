import { type PaymentTerms, storedTerms } from '@shared/fiscal/due-dates';
import type { CompanySettings } from '@shared/schemas/companies';
import type { PaymentMethod } from '@shared/schemas/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

export interface InvoicingDefaults {
  paymentTermsDays: number;
  /** Issue 19: the company's default instalments (one at `paymentTermsDays` when it has none). */
  paymentTerms: PaymentTerms;
  paymentMethod: PaymentMethod;
}

/**
 * `GET companies.getSettings`, reduced to what a new invoice takes from it (issue 10, item 7): the
 * default payment term (due date = issue date + term) and method. The API applies the same defaults
 * when a body leaves them out; the form shows them before saving.
 */
export async function getInvoicingDefaults(
  companyId: string,
  signal?: AbortSignal,
): Promise<InvoicingDefaults> {
  const settings = await apiRequest<CompanySettings>('companies.getSettings', {
    params: { companyId },
    signal,
  });
  return {
    paymentTermsDays: settings.invoicing.defaultPaymentTermsDays,
    paymentTerms: storedTerms(
      settings.invoicing.defaultPaymentTerms,
      settings.invoicing.defaultPaymentTermsDays,
    ),
    paymentMethod: settings.invoicing.defaultPaymentMethod,
  };
}

export function useInvoicingDefaults(companyId: string | null) {
  return useQuery({
    queryKey: [...invoicingKeys.all(companyId), 'defaults'],
    queryFn: ({ signal }) => getInvoicingDefaults(companyId!, signal),
    enabled: companyId !== null,
    staleTime: 5 * 60_000,
  });
}
