/**
 * Customer endpoints (spec part 2 §2 invoices/customers): list (paged, searched, active filter),
 * get, create, update, deactivate (DELETE marks the customer inactive), and the invoices of one
 * customer (`invoices.list?customer=`).
 */
import type { Page } from '@shared/api/envelope';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invalidateCustomers } from '@web/lib/new-customer';
import type { CustomerBody } from '../utils/customer-form-values';

export const CUSTOMERS_PAGE_SIZE = 20;

const keys = {
  all: (companyId: string | null) => ['customers', companyId] as const,
  invoices: (companyId: string | null, customerId: string) =>
    ['customers', companyId, 'invoices', customerId] as const,
};

export interface CustomerListParams {
  page: number;
  search?: string;
  /** undefined: every customer. */
  active?: boolean;
}

/** `GET customers.list`. */
export function getCustomers(companyId: string | null, p: CustomerListParams, signal?: AbortSignal) {
  return apiRequest<Page<Customer>>('customers.list', {
    companyId,
    query: {
      page: p.page,
      size: CUSTOMERS_PAGE_SIZE,
      sort: 'name,asc',
      search: p.search?.trim() || undefined,
      active: p.active === undefined ? undefined : String(p.active),
    },
    signal,
  });
}

export function useCustomers(companyId: string | null, params: CustomerListParams) {
  return useQuery({
    queryKey: [...keys.all(companyId), 'list', params],
    queryFn: ({ signal }) => getCustomers(companyId, params, signal),
    placeholderData: keepPreviousData,
    enabled: companyId !== null,
  });
}

/** `GET customers.get` (the edit drawer opened from a link: `?edit=`). */
export function useCustomer(companyId: string | null, customerId: string | undefined) {
  return useQuery({
    queryKey: [...keys.all(companyId), 'detail', customerId],
    queryFn: ({ signal }) =>
      apiRequest<Customer>('customers.get', { companyId, params: { customerId: customerId! }, signal }),
    enabled: companyId !== null && Boolean(customerId),
  });
}

/** The first page of one customer's invoices, newest first. */
export function useCustomerInvoices(companyId: string | null, customerId: string) {
  return useQuery({
    queryKey: keys.invoices(companyId, customerId),
    queryFn: ({ signal }) =>
      apiRequest<Page<InvoiceWithPayments>>('invoices.list', {
        companyId,
        query: { page: 0, size: 50, sort: 'invoiceDate,desc', customer: customerId },
        signal,
      }),
    enabled: companyId !== null,
  });
}

function useInvalidate(companyId: string | null) {
  const queryClient = useQueryClient();
  // The invoice and template pickers read customers under their own keys: refresh them too.
  return () => invalidateCustomers(queryClient, companyId);
}

/** Create (no id) or replace (with id) a customer. */
export function useSaveCustomer(companyId: string | null) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({ customerId, body }: { customerId?: string; body: CustomerBody }) =>
      customerId
        ? apiRequest<Customer>('customers.update', { companyId, params: { customerId }, body })
        : apiRequest<Customer>('customers.create', { companyId, body }),
    onSuccess: () => invalidate(),
  });
}

/** `DELETE customers.delete`: the customer is deactivated (its invoices keep it). */
export function useDeactivateCustomer(companyId: string | null) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (customerId: string) =>
      apiRequest<unknown>('customers.delete', { companyId, params: { customerId } }),
    onSuccess: () => invalidate(),
  });
}
