import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type DocumentDetails, DocumentPath } from '@shared/schemas/documents';
import { inClientPortal } from '../model/client-documents';
import type { DocumentsDeps } from '../store/deps';
import { requireDocument, type StoredDocument, toDetails } from '../store/documents';

/** 404 for a document outside the caller's portal view. */
export function assertInPortal(
  doc: Pick<StoredDocument, 'uploadedBy' | 'isConfidential' | 'origin'>,
  auth: AuthContext,
  scope: CompanyScope,
): void {
  if (!inClientPortal(doc, auth, scope))
    throw new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });
}

/** GET /client/documents/{documentId}. */
export const clientDocumentsGetRoute = defineCompanyAction({
  params: DocumentPath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps): Promise<DocumentDetails> => {
    const doc = await requireDocument(deps, scope.companyId, params.documentId);
    assertInPortal(doc, auth, scope);
    return toDetails(doc);
  },
});
