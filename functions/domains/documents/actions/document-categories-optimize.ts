/**
 * POST document-categories/optimize `{ dryRun? }` (spec part 3 §7 "optimize"): merges categories
 * that are the same by name (accents, case, "de/la/y" and plurals aside: "Suministro" and
 * "suministros") into the most used one — its keywords joined, their documents moved — and
 * deactivates the categories without a document for 12 months. Answers what changed (or would).
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  CATEGORY_IDLE_MONTHS,
  type CategoryOptimization,
  type DocumentCategory,
  documentCategoryNameKey,
  normalizeKeywords,
  OptimizeCategoriesBody,
} from '@shared/schemas/document-categories';
import { listCategories, mergeCategories, replaceCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments } from '../store/documents';

const STOPWORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y', 'e', 'para', 'en']);

/** The key two names share when they name the same thing. */
export const looseNameKey = (name: string): string =>
  documentCategoryNameKey(name)
    .replace(/[^a-z0-9ñ ]+/g, ' ')
    .split(' ')
    .filter((w) => w && !STOPWORDS.has(w))
    .map((w) =>
      w.length > 4 && w.endsWith('es')
        ? w.slice(0, -2)
        : w.length > 3 && w.endsWith('s')
          ? w.slice(0, -1)
          : w,
    )
    .join(' ');

/** Groups to merge (the first of each is kept: most used, then oldest) and categories to deactivate. */
export function planOptimization(
  categories: DocumentCategory[],
  now: Date,
): { merges: { keep: DocumentCategory; merged: DocumentCategory[] }[]; idle: DocumentCategory[] } {
  const groups = new Map<string, DocumentCategory[]>();
  for (const c of categories) {
    const k = looseNameKey(c.name);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const merges = [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const [keep, ...merged] = [...g].sort(
        (a, b) => b.usageCount - a.usageCount || a.createdAt.localeCompare(b.createdAt),
      );
      return { keep: keep as DocumentCategory, merged };
    });
  const mergedIds = new Set(merges.flatMap((m) => m.merged.map((c) => c.categoryId)));
  // A kept category is as recent as the most recent of those it takes in.
  const lastActivity = (c: DocumentCategory): string => {
    const group = merges.find((m) => m.keep.categoryId === c.categoryId);
    return [c, ...(group?.merged ?? [])]
      .map((x) => x.lastUsedAt ?? x.createdAt)
      .sort()
      .at(-1) as string;
  };
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - CATEGORY_IDLE_MONTHS);
  const idle = categories.filter(
    (c) => c.active && !mergedIds.has(c.categoryId) && lastActivity(c) < cutoff.toISOString(),
  );
  return { merges, idle };
}

export async function documentCategoriesOptimize(
  input: { companyId: string; body: OptimizeCategoriesBody },
  deps: DocumentsDeps,
): Promise<CategoryOptimization> {
  const categories = await listCategories(deps, input.companyId);
  const plan = planOptimization(categories, deps.now());
  const result: CategoryOptimization = {
    dryRun: input.body.dryRun,
    merges: [],
    deactivated: plan.idle.map((c) => ({ categoryId: c.categoryId, name: c.name, lastUsedAt: c.lastUsedAt })),
  };
  const docs = plan.merges.length > 0 ? await queryCompanyDocuments(deps, input.companyId) : [];
  for (const { keep, merged } of plan.merges) {
    const mergedIds = new Set(merged.map((c) => c.categoryId));
    let movedDocuments = docs.filter((d) => d.categoryId && mergedIds.has(d.categoryId)).length;
    if (!input.body.dryRun) {
      const joined: DocumentCategory = {
        ...keep,
        keywords: normalizeKeywords([...keep.keywords, ...merged.flatMap((c) => c.keywords)]),
        active: keep.active || merged.some((c) => c.active),
        updatedAt: deps.now().toISOString(),
      };
      await replaceCategory(deps, keep, joined);
      movedDocuments = await mergeCategories(deps, joined, merged, docs);
    }
    result.merges.push({
      keepCategoryId: keep.categoryId,
      keepName: keep.name,
      mergedCategoryIds: merged.map((c) => c.categoryId),
      movedDocuments,
    });
  }
  if (!input.body.dryRun) {
    for (const c of plan.idle)
      await replaceCategory(deps, c, { ...c, active: false, updatedAt: deps.now().toISOString() });
  }
  return result;
}

export const documentCategoriesOptimizeRoute = defineCompanyAction({
  body: OptimizeCategoriesBody,
  run: ({ scope, body }, deps: DocumentsDeps) =>
    documentCategoriesOptimize({ companyId: scope.companyId, body }, deps),
});
