/**
 * POST document-categories (spec part 3 §7; "Document category config: text and documentType
 * (RECEIPT default)"): a new category; its name is unique in the company (409 otherwise).
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  CreateDocumentCategoryBody,
  type DocumentCategory,
  type DocumentCategoryFields,
} from '@shared/schemas/document-categories';
import type * as z from 'zod';
import { createCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

/** A new category item from its fields (create, import, defaults). */
export function newCategory(
  companyId: string,
  fields: z.output<typeof DocumentCategoryFields>,
  deps: Pick<DocumentsDeps, 'newId'>,
  now: string,
): DocumentCategory {
  return {
    categoryId: deps.newId(),
    companyId,
    name: fields.name,
    description: fields.description ?? null,
    documentType: fields.documentType,
    keywords: fields.keywords,
    color: fields.color,
    active: fields.active,
    expenseCategoryId: fields.expenseCategoryId ?? null,
    usageCount: 0,
    lastUsedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export async function documentCategoriesCreate(
  input: { companyId: string; body: CreateDocumentCategoryBody },
  deps: DocumentsDeps,
): Promise<DocumentCategory> {
  const category = newCategory(input.companyId, input.body, deps, deps.now().toISOString());
  await createCategories(deps, [category]);
  return category;
}

export const documentCategoriesCreateRoute = defineCompanyAction({
  body: CreateDocumentCategoryBody,
  status: 201,
  run: ({ scope, body }, deps: DocumentsDeps) =>
    documentCategoriesCreate({ companyId: scope.companyId, body }, deps),
});
