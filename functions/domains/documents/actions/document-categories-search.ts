/**
 * GET document-categories/search?q= (spec part 3 §7 "search (max 5 results)"): active categories
 * whose name or keywords contain the text (accents and case ignored), names starting with it first.
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  CategorySearchQuery,
  type DocumentCategory,
  documentCategoryNameKey,
} from '@shared/schemas/document-categories';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export function searchCategories(
  categories: DocumentCategory[],
  q: string,
  limit: number,
): DocumentCategory[] {
  const needle = documentCategoryNameKey(q);
  const rank = (c: DocumentCategory): number => {
    const name = documentCategoryNameKey(c.name);
    if (name.startsWith(needle)) return 0;
    if (name.includes(needle)) return 1;
    if (c.keywords.some((k) => k.includes(needle))) return 2;
    return 3;
  };
  return categories
    .filter((c) => c.active)
    .map((c) => ({ c, r: rank(c) }))
    .filter(({ r }) => r < 3)
    .sort((a, b) => a.r - b.r || a.c.name.localeCompare(b.c.name, 'es'))
    .slice(0, limit)
    .map(({ c }) => c);
}

export const documentCategoriesSearchRoute = defineCompanyAction({
  query: CategorySearchQuery,
  run: async ({ scope, query }, deps: DocumentsDeps) =>
    searchCategories(await listCategories(deps, scope.companyId), query.q, query.limit),
});
