/** GET document-categories (spec part 3 §7 "Document categories: CRUD"): the company's categories by name. */

import { defineCompanyAction } from '@functions/platform/http';
import { CategoryListQuery, type DocumentCategory } from '@shared/schemas/document-categories';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export async function documentCategoriesList(
  input: { companyId: string; query: CategoryListQuery },
  deps: DocumentsDeps,
): Promise<DocumentCategory[]> {
  const { active, documentType } = input.query;
  return (await listCategories(deps, input.companyId)).filter(
    (c) =>
      (active === undefined || String(c.active) === active) &&
      (documentType === undefined || c.documentType === documentType),
  );
}

export const documentCategoriesListRoute = defineCompanyAction({
  query: CategoryListQuery,
  run: ({ scope, query }, deps: DocumentsDeps) =>
    documentCategoriesList({ companyId: scope.companyId, query }, deps),
});
