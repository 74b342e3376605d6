/**
 * Supplier endpoints (spec part 2 §7 "Expenses and suppliers"): list (page 0, size 20, sort
 * name,asc, active, search), autocomplete search (limit 5), create, update, delete (a soft delete:
 * the supplier is marked inactive).
 */
import type { Page } from '@shared/api/envelope';
import type { Supplier } from '@shared/schemas/expenses';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { EXPENSES_STALE_MS, expensesKeys } from './keys';

export const SUPPLIERS_PAGE_SIZE = 20;
export const SUPPLIERS_DEFAULT_SORT = 'name,asc';

/** What the form sends (create and update replace the supplier). */
export type SupplierInput = Record<string, unknown> & { name: string };

export interface GetSuppliersParams {
  page: number;
  size?: number;
  search?: string;
  active?: boolean;
  sort?: string;
}

/** `GET suppliers.list`. */
export function getSuppliers(
  companyId: string,
  { page, size = SUPPLIERS_PAGE_SIZE, search, active, sort }: GetSuppliersParams,
  signal?: AbortSignal,
): Promise<Page<Supplier>> {
  return apiRequest<Page<Supplier>>('suppliers.list', {
    companyId,
    query: {
      page,
      size,
      sort: sort ?? SUPPLIERS_DEFAULT_SORT,
      search: search?.trim(),
      active: active === undefined ? undefined : String(active),
    },
    signal,
  });
}

export const getSuppliersQueryOptions = (companyId: string, params: GetSuppliersParams) =>
  queryOptions({
    queryKey: [...expensesKeys.suppliers(companyId), params],
    queryFn: ({ signal }) => getSuppliers(companyId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: EXPENSES_STALE_MS,
  });

export function useSuppliers(companyId: string, params: GetSuppliersParams) {
  return useQuery(getSuppliersQueryOptions(companyId, params));
}

/** `GET suppliers.search`: at most five active suppliers matching the text (autocomplete). */
export function searchSuppliers(companyId: string, q: string, signal?: AbortSignal): Promise<Supplier[]> {
  return apiRequest<Supplier[]>('suppliers.search', { companyId, query: { q: q.trim() }, signal });
}

export function useSupplierSearch(companyId: string, q: string) {
  return useQuery({
    queryKey: expensesKeys.supplierSearch(companyId, q.trim()),
    queryFn: ({ signal }) => searchSuppliers(companyId, q, signal),
    placeholderData: keepPreviousData,
    staleTime: EXPENSES_STALE_MS,
  });
}

/** `GET suppliers.get`. */
export function getSupplier(companyId: string, supplierId: string): Promise<Supplier> {
  return apiRequest<Supplier>('suppliers.get', { companyId, params: { supplierId } });
}

export function createSupplier(companyId: string, body: SupplierInput): Promise<Supplier> {
  return apiRequest<Supplier>('suppliers.create', { companyId, body });
}

export function updateSupplier(
  companyId: string,
  supplierId: string,
  body: SupplierInput,
): Promise<Supplier> {
  return apiRequest<Supplier>('suppliers.update', { companyId, params: { supplierId }, body });
}

export function deleteSupplier(companyId: string, supplierId: string): Promise<Supplier> {
  return apiRequest<Supplier>('suppliers.delete', { companyId, params: { supplierId } });
}

function useInvalidateSuppliers(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expensesKeys.suppliers(companyId) }),
      queryClient.invalidateQueries({ queryKey: ['expenses', companyId, 'supplier-search'] }),
      queryClient.invalidateQueries({ queryKey: expensesKeys.categoryCounts(companyId) }),
    ]);
}

/** Create (no id) or update (with id) a supplier. */
export function useSaveSupplier(companyId: string) {
  const invalidate = useInvalidateSuppliers(companyId);
  return useMutation({
    mutationFn: ({ supplierId, body }: { supplierId?: string; body: SupplierInput }) =>
      supplierId ? updateSupplier(companyId, supplierId, body) : createSupplier(companyId, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSupplier(companyId: string) {
  const invalidate = useInvalidateSuppliers(companyId);
  return useMutation({
    mutationFn: (supplierId: string) => deleteSupplier(companyId, supplierId),
    onSuccess: () => invalidate(),
  });
}
