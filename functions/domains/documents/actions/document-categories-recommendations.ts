/**
 * GET document-categories/recommendations (spec part 3 §7 "recommendations"): categories worth
 * creating, from the company's uncategorised documents of the last year: a default category the
 * company lacks whose keywords those documents show, and a frequent supplier (3 or more documents)
 * no category covers.
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  type CategoryRecommendation,
  type DocumentCategory,
  documentCategoryNameKey,
} from '@shared/schemas/document-categories';
import { foldWords, matchedKeywords } from '../model/category-classifier';
import { DEFAULT_DOCUMENT_CATEGORIES } from '../model/default-categories';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, type StoredDocument } from '../store/documents';

const LOOKBACK_MS = 366 * 86_400_000;
const FREQUENT_SUPPLIER = 3;
const MAX_RECOMMENDATIONS = 10;

export function recommendCategories(
  categories: DocumentCategory[],
  docs: StoredDocument[],
): CategoryRecommendation[] {
  const uncategorised = docs.filter((d) => !d.categoryId && d.status !== 'FAILED');
  const have = new Set(categories.map((c) => documentCategoryNameKey(c.name)));
  const out: CategoryRecommendation[] = [];
  const covered = new Set<string>();
  const haystackOf = (d: StoredDocument) =>
    foldWords(
      [d.fileName, d.description, d.extraction?.supplierName, d.readingText?.slice(0, 5000)]
        .filter(Boolean)
        .join(' '),
    );
  const haystacks = new Map(uncategorised.map((d) => [d.documentId, haystackOf(d)]));
  for (const def of DEFAULT_DOCUMENT_CATEGORIES) {
    if (have.has(documentCategoryNameKey(def.name))) continue;
    const hits = uncategorised.filter(
      (d) => matchedKeywords(haystacks.get(d.documentId) ?? '', def.keywords).length > 0,
    );
    if (hits.length === 0) continue;
    for (const d of hits) covered.add(d.documentId);
    out.push({
      name: def.name,
      documentType: def.documentType,
      keywords: def.keywords,
      documents: hits.length,
      documentIds: hits.map((d) => d.documentId).slice(0, 50),
      reason: 'DEFAULT_KEYWORDS',
      supplierNif: null,
    });
  }
  const bySupplier = new Map<string, StoredDocument[]>();
  for (const d of uncategorised) {
    const nif = d.extraction?.supplierNif;
    if (!nif || covered.has(d.documentId)) continue;
    bySupplier.set(nif, [...(bySupplier.get(nif) ?? []), d]);
  }
  for (const [nif, list] of bySupplier) {
    if (list.length < FREQUENT_SUPPLIER) continue;
    const name = list.find((d) => d.extraction?.supplierName)?.extraction?.supplierName ?? nif;
    if (have.has(documentCategoryNameKey(name))) continue;
    out.push({
      name,
      documentType: list[0]?.documentType === 'INVOICE' ? 'INVOICE' : 'RECEIPT',
      keywords: [documentCategoryNameKey(name)],
      documents: list.length,
      documentIds: list.map((d) => d.documentId).slice(0, 50),
      reason: 'FREQUENT_SUPPLIER',
      supplierNif: nif,
    });
  }
  return out.sort((a, b) => b.documents - a.documents).slice(0, MAX_RECOMMENDATIONS);
}

export const documentCategoriesRecommendationsRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps) => {
    const now = deps.now().getTime();
    const [categories, docs] = await Promise.all([
      listCategories(deps, scope.companyId),
      queryCompanyDocuments(deps, scope.companyId, { fromMs: now - LOOKBACK_MS, toMs: now + 1 }),
    ]);
    return recommendCategories(categories, docs);
  },
});
