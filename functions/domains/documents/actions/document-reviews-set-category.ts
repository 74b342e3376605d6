/**
 * PUT document-reviews/{documentId}/category `{ categoryId }` (spec part 3 §7 "category"): files the
 * document under an active category of the company (null: none); the category's usage goes with it.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { SetDocumentCategoryBody } from '@shared/schemas/document-reviews';
import { DocumentPath } from '@shared/schemas/documents';
import { assignDocumentCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export const documentReviewsSetCategoryRoute = defineCompanyAction({
  params: DocumentPath,
  body: SetDocumentCategoryBody,
  run: ({ scope, params, body }, deps: DocumentsDeps) =>
    assignDocumentCategory(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      categoryId: body.categoryId,
    }),
});
