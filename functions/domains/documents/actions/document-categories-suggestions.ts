/**
 * GET document-categories/suggestions?documentId= (spec part 3 §7 "suggestions"): the categories
 * ranked for one of the company's documents, from what its reading found (supplier, text) and its
 * file name.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type CategorySuggestion, CategorySuggestionsQuery } from '@shared/schemas/document-categories';
import type { DocumentsDeps } from '../store/deps';
import { requireDocument } from '../store/documents';
import { classifyForCompany } from './document-categories-classify';

export async function documentCategoriesSuggestions(
  input: { companyId: string; query: CategorySuggestionsQuery; clientUserId: string | null },
  deps: DocumentsDeps,
): Promise<CategorySuggestion[]> {
  const doc = await requireDocument(deps, input.companyId, input.query.documentId);
  // A CLIENTE sees only what it uploaded (shared/api/access.ts documents.read), never confidential.
  if (input.clientUserId !== null && (doc.uploadedBy !== input.clientUserId || doc.isConfidential))
    throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
  const suggestions = await classifyForCompany(
    deps,
    input.companyId,
    {
      text: [doc.readingText, doc.description].filter(Boolean).join('\n'),
      fileName: doc.fileName,
      supplierName: doc.extraction?.supplierName ?? null,
      supplierNif: doc.extraction?.supplierNif ?? null,
      documentType: doc.documentType,
    },
    doc.documentId,
  );
  return suggestions.slice(0, input.query.limit);
}

export const documentCategoriesSuggestionsRoute = defineCompanyAction({
  query: CategorySuggestionsQuery,
  run: ({ scope, auth, query }, deps: DocumentsDeps) =>
    documentCategoriesSuggestions(
      {
        companyId: scope.companyId,
        query,
        clientUserId: scope.membership?.companyRole === 'CLIENTE' ? auth.userId : null,
      },
      deps,
    ),
});
