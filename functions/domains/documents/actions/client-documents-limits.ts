import { defineCompanyAction } from '@functions/platform/http';
import {
  MAX_DOCUMENT_BYTES,
  MAX_MULTIPART_DOCUMENT_BYTES,
  READABLE_EXTENSIONS,
  SENDING_EXTENSIONS,
} from '@shared/schemas/documents';
import { inClientPortal } from '../model/client-documents';
import { dayRangeMs, periodWindow } from '../model/periods';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments } from '../store/documents';

export interface ClientDocumentLimits {
  maxFileSizeBytes: number;
  maxFileSizeMb: number;
  /** Bigger files go through the presigned upload. */
  maxDirectUploadBytes: number;
  allowedExtensions: { read: readonly string[]; send: readonly string[] };
  /** No plan limits the number of uploads yet (billing has no such quota). */
  monthlyLimit: number | null;
  usedThisMonth: number;
}

/** GET /client/documents/limits: what the portal may upload (spec part 2 §5: 50 MB; the types). */
export const clientDocumentsLimitsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: DocumentsDeps): Promise<ClientDocumentLimits> => {
    const month = periodWindow('MONTH', deps.now());
    const docs = await queryCompanyDocuments(deps, scope.companyId, dayRangeMs(month.from, month.to));
    return {
      maxFileSizeBytes: MAX_DOCUMENT_BYTES,
      maxFileSizeMb: MAX_DOCUMENT_BYTES / (1024 * 1024),
      maxDirectUploadBytes: MAX_MULTIPART_DOCUMENT_BYTES,
      allowedExtensions: { read: READABLE_EXTENSIONS, send: SENDING_EXTENSIONS },
      monthlyLimit: null,
      usedThisMonth: docs.filter((d) => d.origin === 'CLIENT_UPLOAD' && inClientPortal(d, auth, scope))
        .length,
    };
  },
});
