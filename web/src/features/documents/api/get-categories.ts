import type { CategoryListQuery, DocumentCategory } from '@shared/schemas/document-categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';

const asList = (answer: unknown): DocumentCategory[] => {
  if (Array.isArray(answer)) return answer as DocumentCategory[];
  const box = answer as { items?: unknown; content?: unknown; categories?: unknown } | null;
  const list = box?.items ?? box?.content ?? box?.categories;
  return Array.isArray(list) ? (list as DocumentCategory[]) : [];
};

/** `GET documentCategories.list` (active, documentType filters). */
export function getCategories(query: CategoryListQuery, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<unknown>('documentCategories.list', { query: { ...query }, companyId, signal }).then(
    asList,
  );
}

export const categoriesQueryOptions = (query: CategoryListQuery, companyId: string | null) =>
  queryOptions({
    queryKey: [...documentKeys.categories(companyId), 'list', query],
    queryFn: ({ signal }) => getCategories(query, companyId, signal),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });

export function useCategories(query: CategoryListQuery, companyId: string | null) {
  return useQuery(categoriesQueryOptions(query, companyId));
}
