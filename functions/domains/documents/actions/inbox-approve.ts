import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { DocumentDetails } from '@shared/schemas/documents';
import { ApproveInboxInvoiceBody, type ProcessedInvoice, ProcessedInvoicePath } from '@shared/schemas/inbox';
import { toProcessedInvoice } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { requireDocument, toDetails } from '../store/documents';
import { getInboxEmail } from '../store/inbox-emails';
import { approveDocument } from '../store/reviews';

type Db = Pick<DocumentsDeps, 'db' | 'table'>;

/** The document of an inbox mail, or 404 (an upload is not an inbox invoice). */
export async function requireInboxDocument(
  deps: Db,
  companyId: string,
  documentId: string,
): Promise<DocumentDetails> {
  const doc = toDetails(await requireDocument(deps, companyId, documentId));
  if (!doc.inboxEmailId)
    throw new AppError('CORE_006', 'La factura no procede del buzón inteligente.', {
      field: 'processedInvoiceId',
    });
  return doc;
}

export async function asProcessedInvoice(deps: Db, doc: DocumentDetails): Promise<ProcessedInvoice> {
  const email = doc.inboxEmailId ? await getInboxEmail(deps, doc.companyId, doc.inboxEmailId) : null;
  return toProcessedInvoice(doc, email ?? undefined);
}

/** Approves an inbox invoice: the document's review (D2) and its received-invoice draft. */
export const inboxApproveRoute = defineCompanyAction({
  params: ProcessedInvoicePath,
  body: ApproveInboxInvoiceBody,
  run: async ({ scope, params, body, auth }, deps: DocumentsDeps) => {
    await requireInboxDocument(deps, scope.companyId, params.processedInvoiceId);
    const doc = await approveDocument(deps, {
      companyId: scope.companyId,
      documentId: params.processedInvoiceId,
      userId: auth.userId,
      ...(body.notes ? { notes: body.notes } : {}),
      ...(body.corrections ? { corrections: body.corrections } : {}),
    });
    return asProcessedInvoice(deps, doc);
  },
});
