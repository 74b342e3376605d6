import { defineCompanyAction } from '@functions/platform/http';
import { Id } from '@shared/schemas/common';
import { type DocumentDetails, DocumentPath } from '@shared/schemas/documents';
import * as z from 'zod';
import { assertVisible } from '../model/listing';
import { assignDocumentCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export const UpdateDocumentCategoryBody = z.object({ categoryId: Id.nullable() }).strict();

/**
 * Sets (or clears) a document's category; the caller must be allowed to see it. The category must be
 * one of the company's active categories, and its usage count moves in the same transaction
 * (store/categories.ts `assignDocumentCategory`, as the reviewers' route does).
 */
export async function setDocumentCategory(
  deps: DocumentsDeps,
  input: {
    companyId: string;
    documentId: string;
    categoryId: string | null;
    guard: (d: DocumentDetails) => void;
  },
): Promise<DocumentDetails> {
  return assignDocumentCategory(deps, {
    companyId: input.companyId,
    documentId: input.documentId,
    categoryId: input.categoryId,
    guard: input.guard,
  });
}

/** PUT /documents/{documentId}/category `{ categoryId }`. */
export const documentsUpdateCategoryRoute = defineCompanyAction({
  params: DocumentPath,
  body: UpdateDocumentCategoryBody,
  run: ({ auth, scope, params, body }, deps: DocumentsDeps) =>
    setDocumentCategory(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      categoryId: body.categoryId,
      guard: (d) => assertVisible(d, auth, scope),
    }),
});
