import type { Page } from '@shared/api/envelope';
import type { Customer } from '@shared/schemas/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { invoicingKeys } from './keys';

/** `GET customers.list` searched by text (the picker shows the first 20 matches). */
export function searchCustomers(search: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<Page<Customer>>('customers.list', {
    query: { page: 0, size: 20, search: search.trim() || undefined, active: 'true', sort: 'name,asc' },
    companyId,
    signal,
  });
}

export const searchCustomersQueryOptions = (search: string, companyId: string | null) =>
  queryOptions({
    queryKey: [...invoicingKeys.customers(companyId), 'search', search.trim()],
    queryFn: ({ signal }) => searchCustomers(search, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: companyId !== null,
  });

export function useCustomerSearch(search: string, companyId: string | null) {
  return useQuery(searchCustomersQueryOptions(search, companyId));
}

/** `GET customers.get`: the picked customer (its VAT treatment drives recargo). */
export function getCustomer(customerId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<Customer>('customers.get', { params: { customerId }, companyId, signal });
}

export function useCustomer(customerId: string | undefined, companyId: string | null) {
  return useQuery({
    queryKey: [...invoicingKeys.customers(companyId), 'detail', customerId],
    queryFn: ({ signal }) => getCustomer(customerId!, companyId, signal),
    enabled: companyId !== null && Boolean(customerId),
    staleTime: 60_000,
  });
}
