/**
 * What the account mapping is keyed by: the company's expense categories (`expenseCategories.list`)
 * and suppliers (`suppliers.list`). Called here rather than through the expenses feature: features
 * do not import each other. Both rows need `invoices.read`; the page asks only when it may.
 */
import type { Page } from '@shared/api/envelope';
import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

/** `GET expenseCategories.list`: every category of the company (active and deleted), in its order. */
export function getExpenseCategories(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<ExpenseCategory[]>('expenseCategories.list', { companyId, signal });
}

export const expenseCategoriesQueryOptions = (companyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...accountingKeys.company(companyId), 'expense-categories'],
    queryFn: ({ signal }) => getExpenseCategories(companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null && enabled,
  });

export function useExpenseCategories(companyId: string | null, enabled = true) {
  return useQuery(expenseCategoriesQueryOptions(companyId, enabled));
}

export interface SupplierListParams {
  page: number;
  size: number;
  search?: string;
}

/** `GET suppliers.list` by name (spec part 1 §3: sort name,asc). */
export function getSuppliers(
  params: SupplierListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<Supplier>> {
  return apiRequest<Page<Supplier>>('suppliers.list', {
    query: {
      page: params.page,
      size: params.size,
      sort: 'name,asc',
      search: params.search?.trim() || undefined,
    },
    companyId,
    signal,
  });
}

export const suppliersQueryOptions = (params: SupplierListParams, companyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: [...accountingKeys.company(companyId), 'suppliers', params],
    queryFn: ({ signal }) => getSuppliers(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null && enabled,
  });

export function useSuppliers(params: SupplierListParams, companyId: string | null, enabled = true) {
  return useQuery(suppliersQueryOptions(params, companyId, enabled));
}
