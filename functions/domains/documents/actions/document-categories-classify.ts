/**
 * POST document-categories/classify `{ text?, fileName?, supplierName?, supplierNif?, documentType? }`
 * (spec part 3 §7 "classify"): the company's active categories ranked for a document, by the
 * supplier's filing history and the categories' keywords (model/category-classifier.ts).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type CategorySuggestion, ClassifyDocumentBody } from '@shared/schemas/document-categories';
import { type ClassifierInput, classify, supplierHistory } from '../model/category-classifier';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments } from '../store/documents';

const HISTORY_MS = 2 * 366 * 86_400_000;

/** Ranks the company's categories for a document, with its filing history of the last two years. */
export async function classifyForCompany(
  deps: DocumentsDeps,
  companyId: string,
  input: ClassifierInput,
  exceptDocumentId?: string,
): Promise<CategorySuggestion[]> {
  const now = deps.now().getTime();
  const [categories, docs] = await Promise.all([
    listCategories(deps, companyId),
    queryCompanyDocuments(deps, companyId, { fromMs: now - HISTORY_MS, toMs: now + 1 }),
  ]);
  const history = supplierHistory(
    docs
      .filter((d) => d.documentId !== exceptDocumentId)
      .map((d) => ({
        categoryId: d.categoryId,
        supplierNif: d.extraction?.supplierNif ?? null,
        supplierName: d.extraction?.supplierName ?? null,
      })),
  );
  return classify(categories, input, history);
}

export const documentCategoriesClassifyRoute = defineCompanyAction({
  body: ClassifyDocumentBody,
  run: ({ scope, body }, deps: DocumentsDeps) => classifyForCompany(deps, scope.companyId, body),
});
