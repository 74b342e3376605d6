import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { ProcessedInvoicePath } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { toDetails, updateDocument } from '../store/documents';
import { asProcessedInvoice, requireInboxDocument } from './inbox-approve';

/**
 * Creates the received-invoice draft of a read inbox invoice that has none (e.g. its draft failed, or
 * it was read with autoProcess off). 409 when a draft exists or nothing was read. A duplicate stays a
 * duplicate: the expenses domain refuses to book the same issuer, number and date twice.
 */
export const inboxCreateInvoiceRoute = defineCompanyAction({
  params: ProcessedInvoicePath,
  run: async ({ scope, params, auth }, deps: DocumentsDeps) => {
    const doc = await requireInboxDocument(deps, scope.companyId, params.processedInvoiceId);
    if (doc.receivedInvoiceId)
      throw new AppError('DOC_CONFLICT', 'La factura ya tiene su factura recibida.', {
        details: { receivedInvoiceId: doc.receivedInvoiceId },
      });
    if (!doc.extraction || !doc.notes)
      throw new AppError('DOC_CONFLICT', 'El documento aún no se ha leído.', { field: 'processedInvoiceId' });
    const result = await deps.invokeDraft({
      op: 'create',
      companyId: scope.companyId,
      documentId: doc.documentId,
      fileName: doc.fileName,
      extraction: doc.extraction,
      notes: doc.notes,
      createdBy: auth.userId,
    });
    if (result.outcome === 'DUPLICATE') {
      const dup = await updateDocument(deps, scope.companyId, doc.documentId, () => ({
        status: 'OCR_COMPLETED_PENDING',
        duplicateOf: result.duplicateOf,
      }));
      throw new AppError('DOC_CONFLICT', 'La factura ya está registrada (mismo emisor, número y fecha).', {
        details: { duplicateOf: dup?.duplicateOf ?? result.duplicateOf },
      });
    }
    if (result.outcome === 'DECIDED') throw new AppError('CORE_005');
    const linked = await updateDocument(deps, scope.companyId, doc.documentId, (now) =>
      now.receivedInvoiceId
        ? null
        : {
            receivedInvoiceId: result.receivedInvoiceId,
            status: result.outcome === 'CREATED' ? 'INVOICE_CREATED' : 'INVOICE_INCOMPLETE',
            duplicateOf: null,
          },
    );
    return asProcessedInvoice(deps, linked ? toDetails(linked) : doc);
  },
});
