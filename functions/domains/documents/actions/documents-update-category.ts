import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { Id } from '@shared/schemas/common';
import { type DocumentDetails, DocumentPath } from '@shared/schemas/documents';
import * as z from 'zod';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { toDetails, updateDocument } from '../store/documents';

export const UpdateDocumentCategoryBody = z.object({ categoryId: Id.nullable() }).strict();

/** Sets (or clears) a document's category; the caller must be allowed to see it. */
export async function setDocumentCategory(
  deps: DocumentsDeps,
  input: {
    companyId: string;
    documentId: string;
    categoryId: string | null;
    guard: (d: DocumentDetails) => void;
  },
): Promise<DocumentDetails> {
  const next = await updateDocument(deps, input.companyId, input.documentId, (d) => {
    input.guard(d);
    return { categoryId: input.categoryId };
  });
  if (!next) throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
  return toDetails(next);
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
