import { defineCompanyAction } from '@functions/platform/http';
import { DocumentPath } from '@shared/schemas/documents';
import type { DocumentsDeps } from '../store/deps';
import { assertInPortal } from './client-documents-get';
import { setDocumentCategory, UpdateDocumentCategoryBody } from './documents-update-category';

/** PUT /client/documents/{documentId}/category `{ categoryId }`. */
export const clientDocumentsUpdateCategoryRoute = defineCompanyAction({
  params: DocumentPath,
  body: UpdateDocumentCategoryBody,
  run: ({ auth, scope, params, body }, deps: DocumentsDeps) =>
    setDocumentCategory(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      categoryId: body.categoryId,
      guard: (d) => assertInPortal(d, auth, scope),
    }),
});
