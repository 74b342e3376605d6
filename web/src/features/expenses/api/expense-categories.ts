/**
 * Expense category endpoints (spec part 2 §7): list, create, update, delete, reorder, duplicate and
 * the count of what uses each category.
 */
import type {
  CreateExpenseCategoryBody,
  ExpenseCategory,
  UpdateExpenseCategoryBody,
} from '@shared/schemas/expenses';
import type { ExpenseCategoryCount } from '@shared/schemas/received-invoices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { EXPENSES_STALE_MS, expensesKeys } from './keys';

/** Per category id, how many received invoices use it (`GET expenseCategories.counts`). */
export type CategoryCounts = Record<string, number>;

/** `GET expenseCategories.list`: every category of the company, in the user's order. */
export function getExpenseCategories(companyId: string, signal?: AbortSignal): Promise<ExpenseCategory[]> {
  return apiRequest<ExpenseCategory[]>('expenseCategories.list', { companyId, signal });
}

export const expenseCategoriesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: expensesKeys.categories(companyId),
    queryFn: ({ signal }) => getExpenseCategories(companyId, signal),
    staleTime: EXPENSES_STALE_MS,
  });

export function useExpenseCategories(companyId: string) {
  return useQuery(expenseCategoriesQueryOptions(companyId));
}

/** The uncategorised invoices (`categoryId: null`) are left out: the page lists categories. */
export async function getCategoryCounts(companyId: string, signal?: AbortSignal): Promise<CategoryCounts> {
  const rows = await apiRequest<ExpenseCategoryCount[]>('expenseCategories.counts', { companyId, signal });
  return Object.fromEntries(rows.flatMap((r) => (r.categoryId ? [[r.categoryId, r.count]] : [])));
}

export function useCategoryCounts(companyId: string) {
  return useQuery({
    queryKey: expensesKeys.categoryCounts(companyId),
    queryFn: ({ signal }) => getCategoryCounts(companyId, signal),
    staleTime: EXPENSES_STALE_MS,
  });
}

export function createExpenseCategory(companyId: string, body: CreateExpenseCategoryBody) {
  return apiRequest<ExpenseCategory>('expenseCategories.create', { companyId, body });
}

export function updateExpenseCategory(
  companyId: string,
  categoryId: string,
  body: UpdateExpenseCategoryBody,
) {
  return apiRequest<ExpenseCategory>('expenseCategories.update', { companyId, params: { categoryId }, body });
}

export function deleteExpenseCategory(companyId: string, categoryId: string) {
  return apiRequest<unknown>('expenseCategories.delete', { companyId, params: { categoryId } });
}

export function duplicateExpenseCategory(companyId: string, categoryId: string) {
  return apiRequest<ExpenseCategory>('expenseCategories.duplicate', { companyId, params: { categoryId } });
}

export function reorderExpenseCategories(companyId: string, categoryIds: string[]) {
  return apiRequest<ExpenseCategory[]>('expenseCategories.reorder', { companyId, body: { categoryIds } });
}

function useInvalidateCategories(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expensesKeys.categories(companyId) }),
      queryClient.invalidateQueries({ queryKey: expensesKeys.categoryCounts(companyId) }),
    ]);
}

export function useSaveExpenseCategory(companyId: string) {
  const invalidate = useInvalidateCategories(companyId);
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId?: string; body: CreateExpenseCategoryBody }) =>
      categoryId
        ? updateExpenseCategory(companyId, categoryId, body)
        : createExpenseCategory(companyId, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteExpenseCategory(companyId: string) {
  const invalidate = useInvalidateCategories(companyId);
  return useMutation({
    mutationFn: (categoryId: string) => deleteExpenseCategory(companyId, categoryId),
    onSuccess: () => invalidate(),
  });
}

export function useDuplicateExpenseCategory(companyId: string) {
  const invalidate = useInvalidateCategories(companyId);
  return useMutation({
    mutationFn: (categoryId: string) => duplicateExpenseCategory(companyId, categoryId),
    onSuccess: () => invalidate(),
  });
}

/** Optimistic: the list shows the new order at once and goes back if the server refuses it. */
export function useReorderExpenseCategories(companyId: string) {
  const queryClient = useQueryClient();
  const key = expensesKeys.categories(companyId);
  return useMutation({
    mutationFn: (categoryIds: string[]) => reorderExpenseCategories(companyId, categoryIds),
    onMutate: async (categoryIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ExpenseCategory[]>(key);
      if (previous) {
        const byId = new Map(previous.map((c) => [c.categoryId, c]));
        queryClient.setQueryData<ExpenseCategory[]>(
          key,
          categoryIds.flatMap((id, order) => {
            const c = byId.get(id);
            return c ? [{ ...c, order }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
