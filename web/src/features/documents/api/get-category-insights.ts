/** `GET documentCategories.stats`, `.recommendations` and `.search` (max 5 results). */
import type {
  CategoryRecommendation,
  CategoryStatsResult,
  DocumentCategory,
} from '@shared/schemas/document-categories';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { DOCUMENTS_STALE_MS, documentKeys } from './keys';

export function useCategoryStats(companyId: string | null) {
  return useQuery({
    queryKey: [...documentKeys.categories(companyId), 'stats'],
    queryFn: ({ signal }) =>
      apiRequest<CategoryStatsResult>('documentCategories.stats', { companyId, signal }),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null,
  });
}

export function useCategoryRecommendations(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...documentKeys.categories(companyId), 'recommendations'],
    queryFn: ({ signal }) =>
      apiRequest<CategoryRecommendation[] | { recommendations: CategoryRecommendation[] }>(
        'documentCategories.recommendations',
        { companyId, signal },
      ).then((a) => (Array.isArray(a) ? a : (a?.recommendations ?? []))),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null && enabled,
  });
}

export function useCategorySearch(q: string, companyId: string | null) {
  return useQuery({
    queryKey: [...documentKeys.categories(companyId), 'search', q],
    queryFn: ({ signal }) =>
      apiRequest<DocumentCategory[] | { items: DocumentCategory[] }>('documentCategories.search', {
        query: { q },
        companyId,
        signal,
      }).then((a) => (Array.isArray(a) ? a : (a?.items ?? []))),
    staleTime: DOCUMENTS_STALE_MS,
    enabled: companyId !== null && q.trim().length > 0,
  });
}
