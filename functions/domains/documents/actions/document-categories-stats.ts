/**
 * GET document-categories/stats (spec part 3 §7 "stats"): documents per category (all time and this
 * month, Spanish calendar), and the uncategorised ones.
 */

import { defineCompanyAction } from '@functions/platform/http';
import type {
  CategoryStats,
  CategoryStatsResult,
  DocumentCategory,
} from '@shared/schemas/document-categories';
import { madridDay } from '../model/periods';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments } from '../store/documents';

export function categoryStats(
  categories: DocumentCategory[],
  docs: { categoryId: string | null; createdAt: string }[],
  now: Date,
): CategoryStatsResult {
  const month = madridDay(now).slice(0, 7);
  const rows = new Map<string | null, CategoryStats>();
  const row = (id: string | null): CategoryStats => {
    let r = rows.get(id);
    if (!r) {
      const c = id === null ? undefined : categories.find((x) => x.categoryId === id);
      r = {
        categoryId: id,
        name: c?.name ?? null,
        active: c?.active ?? null,
        documents: 0,
        documentsThisMonth: 0,
        lastDocumentAt: null,
      };
      rows.set(id, r);
    }
    return r;
  };
  for (const c of categories) row(c.categoryId);
  for (const d of docs) {
    const r = row(d.categoryId);
    r.documents++;
    if (madridDay(new Date(d.createdAt)).startsWith(month)) r.documentsThisMonth++;
    if (!r.lastDocumentAt || d.createdAt > r.lastDocumentAt) r.lastDocumentAt = d.createdAt;
  }
  return {
    totalCategories: categories.length,
    activeCategories: categories.filter((c) => c.active).length,
    totalDocuments: docs.length,
    uncategorised: rows.get(null)?.documents ?? 0,
    categories: [...rows.values()].sort(
      (a, b) => b.documents - a.documents || (a.name ?? '').localeCompare(b.name ?? '', 'es'),
    ),
  };
}

export const documentCategoriesStatsRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps) => {
    const [categories, docs] = await Promise.all([
      listCategories(deps, scope.companyId),
      queryCompanyDocuments(deps, scope.companyId),
    ]);
    return categoryStats(categories, docs, deps.now());
  },
});
