/**
 * POST document-categories/import-defaults (spec part 3 §7 "import defaults"): the Spanish default
 * set (model/default-categories.ts) the company does not have yet, in one transaction; the names it
 * already has are left alone and reported.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { type DefaultsImportResult, documentCategoryNameKey } from '@shared/schemas/document-categories';
import { DEFAULT_DOCUMENT_CATEGORIES } from '../model/default-categories';
import { createCategories, listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { newCategory } from './document-categories-create';

export async function documentCategoriesImportDefaults(
  input: { companyId: string },
  deps: DocumentsDeps,
): Promise<DefaultsImportResult> {
  const taken = new Set(
    (await listCategories(deps, input.companyId)).map((c) => documentCategoryNameKey(c.name)),
  );
  const now = deps.now().toISOString();
  const skipped: string[] = [];
  const created = DEFAULT_DOCUMENT_CATEGORIES.flatMap((d) => {
    if (taken.has(documentCategoryNameKey(d.name))) {
      skipped.push(d.name);
      return [];
    }
    return [newCategory(input.companyId, { ...d, active: true, expenseCategoryId: null }, deps, now)];
  });
  await createCategories(deps, created);
  return { created, skipped };
}

export const documentCategoriesImportDefaultsRoute = defineCompanyAction({
  status: 201,
  run: ({ scope }, deps: DocumentsDeps) =>
    documentCategoriesImportDefaults({ companyId: scope.companyId }, deps),
});
