/**
 * DELETE document-categories/{categoryId} (spec part 3 §7 "Document categories: CRUD"): only a
 * category no document is filed under (409 DOC_046 otherwise: deactivate it, or move its documents).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CategoryPath } from '@shared/schemas/document-categories';
import { deleteCategories, requireCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments } from '../store/documents';

export async function documentCategoriesDelete(
  input: { companyId: string; categoryId: string },
  deps: DocumentsDeps,
): Promise<{ deleted: true; categoryId: string }> {
  const category = await requireCategory(deps, input.companyId, input.categoryId);
  const filed = (await queryCompanyDocuments(deps, input.companyId)).filter(
    (d) => d.categoryId === input.categoryId,
  ).length;
  if (filed > 0)
    throw new AppError(
      'DOC_046',
      `No se puede eliminar la categoría "${category.name}": tiene ${filed} documento(s). Desactívala o mueve sus documentos a otra categoría.`,
      { details: { reason: 'CATEGORY_IN_USE', documents: filed } },
    );
  await deleteCategories(deps, [category]);
  return { deleted: true, categoryId: input.categoryId };
}

export const documentCategoriesDeleteRoute = defineCompanyAction({
  params: CategoryPath,
  run: ({ scope, params }, deps: DocumentsDeps) =>
    documentCategoriesDelete({ companyId: scope.companyId, categoryId: params.categoryId }, deps),
});
