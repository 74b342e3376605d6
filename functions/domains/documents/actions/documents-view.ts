import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { type BinaryResponse, binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { DocumentPath } from '@shared/schemas/documents';
import { assertVisible } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { requireDocument } from '../store/documents';
import { declaredTypeOf } from '../store/intake';

/** The stored bytes of a document the caller may see (never those of a refused file: there are none). */
export async function documentFile(
  deps: DocumentsDeps,
  input: { auth: AuthContext; scope: CompanyScope; documentId: string; attachment: boolean },
): Promise<BinaryResponse> {
  const doc = assertVisible(
    await requireDocument(deps, input.scope.companyId, input.documentId),
    input.auth,
    input.scope,
  );
  const bytes =
    doc.status === 'FAILED' || doc.status === 'UPLOADING' ? null : await deps.objects.get(doc.s3Key);
  if (!bytes)
    throw new AppError('CORE_006', 'El archivo de este documento no está disponible.', {
      field: 'documentId',
    });
  return binaryResponse({
    body: bytes,
    // The type its bytes proved, never what the uploader claimed.
    contentType: doc.contentType ?? declaredTypeOf(doc.fileName),
    ...(input.attachment ? { filename: doc.fileName } : {}),
  });
}

/** GET /documents/{documentId}/view: inline, with its proven content type. */
export const documentsViewRoute = defineCompanyAction({
  params: DocumentPath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    documentFile(deps, { auth, scope, documentId: params.documentId, attachment: false }),
});
