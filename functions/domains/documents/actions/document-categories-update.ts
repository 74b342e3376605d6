/** PUT document-categories/{categoryId} (spec part 3 §7 "Document categories: CRUD"): a rename keeps names unique (409). */

import { defineCompanyAction } from '@functions/platform/http';
import {
  CategoryPath,
  type DocumentCategory,
  UpdateDocumentCategoryBody,
} from '@shared/schemas/document-categories';
import { replaceCategory, requireCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export async function documentCategoriesUpdate(
  input: { companyId: string; categoryId: string; body: UpdateDocumentCategoryBody },
  deps: DocumentsDeps,
): Promise<DocumentCategory> {
  const current = await requireCategory(deps, input.companyId, input.categoryId);
  const b = input.body;
  const next: DocumentCategory = {
    ...current,
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.description !== undefined ? { description: b.description } : {}),
    ...(b.documentType !== undefined ? { documentType: b.documentType } : {}),
    ...(b.keywords !== undefined ? { keywords: b.keywords } : {}),
    ...(b.color !== undefined ? { color: b.color } : {}),
    ...(b.active !== undefined ? { active: b.active } : {}),
    ...(b.expenseCategoryId !== undefined ? { expenseCategoryId: b.expenseCategoryId } : {}),
    updatedAt: deps.now().toISOString(),
  };
  await replaceCategory(deps, current, next);
  return next;
}

export const documentCategoriesUpdateRoute = defineCompanyAction({
  params: CategoryPath,
  body: UpdateDocumentCategoryBody,
  run: ({ scope, params, body }, deps: DocumentsDeps) =>
    documentCategoriesUpdate({ companyId: scope.companyId, categoryId: params.categoryId, body }, deps),
});
