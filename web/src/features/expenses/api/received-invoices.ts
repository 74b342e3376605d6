/**
 * Received invoices and expense totals (spec part 2 §3, §7; shared/schemas/received-invoices.ts):
 * the company's list (from, to, expenseCategoryId, supplierId, search, page, size, approvalStatus,
 * sort), a supplier's invoices (to pick the one a rectificativa corrects), one invoice,
 * create, correct, delete, approve or reject, assign a category, totals and totals by category.
 */
import type { Page } from '@shared/api/envelope';
import type {
  ApprovalStatus,
  ExpenseCategoryTotals,
  ExpenseTotals,
  ReceivedInvoice,
} from '@shared/schemas/received-invoices';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { EXPENSES_STALE_MS, expensesKeys } from './keys';

export const RECEIVED_PAGE_SIZE = 20;

export interface ReceivedListParams {
  page: number;
  size?: number;
  from?: string;
  to?: string;
  expenseCategoryId?: string;
  /** Only the invoices of this supplier (ReceivedInvoiceListQuery.supplierId). */
  supplierId?: string;
  approvalStatus?: ApprovalStatus;
  search?: string;
  /** `field,asc|desc`, e.g. `issueDate,desc`. */
  sort?: string;
  /**
   * Drafts read from documents and not approved yet (out of the book, issue 17): `include` lists
   * them beside the book, `only` alone; absent: the book only.
   */
  drafts?: 'exclude' | 'include' | 'only';
}

/** The body of create and update: the form builds it (see utils/received-invoice-form-values). */
export type ReceivedInvoiceInput = Record<string, unknown>;

export function getReceivedInvoices(
  companyId: string,
  { page, size = RECEIVED_PAGE_SIZE, ...filters }: ReceivedListParams,
  signal?: AbortSignal,
): Promise<Page<ReceivedInvoice>> {
  return apiRequest<Page<ReceivedInvoice>>('receivedInvoices.list', {
    companyId,
    query: { page, size, ...filters, search: filters.search?.trim() },
    signal,
  });
}

export const receivedInvoicesQueryOptions = (companyId: string, params: ReceivedListParams) =>
  queryOptions({
    queryKey: [...expensesKeys.receivedInvoices(companyId), 'list', params],
    queryFn: ({ signal }) => getReceivedInvoices(companyId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: EXPENSES_STALE_MS,
  });

export function useReceivedInvoices(companyId: string, params: ReceivedListParams) {
  return useQuery(receivedInvoicesQueryOptions(companyId, params));
}

/** A supplier's invoices a rectificativa may correct: up to this many, newest first. */
export const SUPPLIER_INVOICES_SIZE = 100;

/** The supplier's registered invoices (newest first), to pick the one a rectificativa corrects. */
export function useSupplierReceivedInvoices(companyId: string, supplierId: string | undefined) {
  const params: ReceivedListParams = {
    page: 0,
    size: SUPPLIER_INVOICES_SIZE,
    supplierId,
    sort: 'issueDate,desc',
  };
  return useQuery({
    queryKey: [...expensesKeys.receivedInvoices(companyId), 'supplier', supplierId ?? ''],
    queryFn: ({ signal }) => getReceivedInvoices(companyId, params, signal),
    enabled: Boolean(supplierId),
    staleTime: EXPENSES_STALE_MS,
  });
}

export function getReceivedInvoice(companyId: string, receivedInvoiceId: string, signal?: AbortSignal) {
  return apiRequest<ReceivedInvoice>('receivedInvoices.get', {
    companyId,
    params: { receivedInvoiceId },
    signal,
  });
}

export function useReceivedInvoice(companyId: string, receivedInvoiceId: string | null) {
  return useQuery({
    queryKey: expensesKeys.receivedInvoice(companyId, receivedInvoiceId ?? ''),
    queryFn: ({ signal }) => getReceivedInvoice(companyId, receivedInvoiceId ?? '', signal),
    enabled: receivedInvoiceId !== null,
  });
}

export interface TotalsParams {
  from?: string;
  to?: string;
  type?: 'ALL' | ApprovalStatus;
}

export function getExpenseTotals(companyId: string, params: TotalsParams, signal?: AbortSignal) {
  return apiRequest<ExpenseTotals>('expenses.totals', { companyId, query: { ...params }, signal });
}

export function getExpensesByCategory(companyId: string, params: TotalsParams, signal?: AbortSignal) {
  return apiRequest<ExpenseCategoryTotals[]>('expenses.byCategory', {
    companyId,
    query: { ...params },
    signal,
  });
}

export function useExpenseTotals(companyId: string, params: TotalsParams) {
  return useQuery({
    queryKey: [...expensesKeys.totals(companyId), 'totals', params],
    queryFn: ({ signal }) => getExpenseTotals(companyId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: EXPENSES_STALE_MS,
  });
}

export function useExpensesByCategory(companyId: string, params: TotalsParams) {
  return useQuery({
    queryKey: [...expensesKeys.totals(companyId), 'by-category', params],
    queryFn: ({ signal }) => getExpensesByCategory(companyId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: EXPENSES_STALE_MS,
  });
}

function useInvalidateReceived(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expensesKeys.receivedInvoices(companyId) }),
      queryClient.invalidateQueries({ queryKey: expensesKeys.totals(companyId) }),
      queryClient.invalidateQueries({ queryKey: expensesKeys.categoryCounts(companyId) }),
    ]);
}

export function useSaveReceivedInvoice(companyId: string) {
  const invalidate = useInvalidateReceived(companyId);
  return useMutation({
    mutationFn: ({ receivedInvoiceId, body }: { receivedInvoiceId?: string; body: ReceivedInvoiceInput }) =>
      receivedInvoiceId
        ? apiRequest<ReceivedInvoice>('receivedInvoices.update', {
            companyId,
            params: { receivedInvoiceId },
            body,
          })
        : apiRequest<ReceivedInvoice>('receivedInvoices.create', { companyId, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteReceivedInvoice(companyId: string) {
  const invalidate = useInvalidateReceived(companyId);
  return useMutation({
    mutationFn: (receivedInvoiceId: string) =>
      apiRequest<unknown>('receivedInvoices.delete', { companyId, params: { receivedInvoiceId } }),
    onSuccess: () => invalidate(),
  });
}

export function useSetApproval(companyId: string) {
  const invalidate = useInvalidateReceived(companyId);
  return useMutation({
    mutationFn: ({
      receivedInvoiceId,
      status,
      comment,
    }: {
      receivedInvoiceId: string;
      status: 'APPROVED' | 'REJECTED';
      comment?: string;
    }) =>
      apiRequest<ReceivedInvoice>('receivedInvoices.setApproval', {
        companyId,
        params: { receivedInvoiceId },
        body: { status, comment: comment?.trim() || undefined },
      }),
    onSuccess: () => invalidate(),
  });
}

export function useAssignCategory(companyId: string) {
  const invalidate = useInvalidateReceived(companyId);
  return useMutation({
    mutationFn: ({
      receivedInvoiceId,
      categoryId,
    }: {
      receivedInvoiceId: string;
      categoryId: string | null;
    }) =>
      apiRequest<ReceivedInvoice>('receivedInvoices.assignCategory', {
        companyId,
        params: { receivedInvoiceId },
        body: { categoryId },
      }),
    onSuccess: () => invalidate(),
  });
}
