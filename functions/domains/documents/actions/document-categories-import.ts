/**
 * POST document-categories/import (spec part 3 §7 "import"): the JSON export creates its categories,
 * all or nothing. Names are unique in the company without case or accents: a name repeated in the
 * file or already in the company answers 409 naming it, and nothing is written.
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  type CategoryImportResult,
  DocumentCategoriesExport,
  documentCategoryNameKey,
} from '@shared/schemas/document-categories';
import { createCategories, duplicateCategoryName, listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { newCategory } from './document-categories-create';

export async function documentCategoriesImport(
  input: { companyId: string; body: DocumentCategoriesExport },
  deps: DocumentsDeps,
): Promise<CategoryImportResult> {
  const taken = new Set(
    (await listCategories(deps, input.companyId)).map((c) => documentCategoryNameKey(c.name)),
  );
  for (const c of input.body.categories) {
    const key = documentCategoryNameKey(c.name);
    if (taken.has(key)) throw duplicateCategoryName(c.name);
    taken.add(key);
  }
  const now = deps.now().toISOString();
  const created = input.body.categories.map((c) => newCategory(input.companyId, c, deps, now));
  await createCategories(deps, created);
  return { created };
}

export const documentCategoriesImportRoute = defineCompanyAction({
  body: DocumentCategoriesExport,
  status: 201,
  run: ({ scope, body }, deps: DocumentsDeps) =>
    documentCategoriesImport({ companyId: scope.companyId, body }, deps),
});
