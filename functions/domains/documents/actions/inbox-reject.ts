import { defineCompanyAction } from '@functions/platform/http';
import { ProcessedInvoicePath, RejectInboxInvoiceBody } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { rejectDocument } from '../store/reviews';
import { asProcessedInvoice, requireInboxDocument } from './inbox-approve';

/** Rejects an inbox invoice with a reason: the document's review and its draft REJECTED. */
export const inboxRejectRoute = defineCompanyAction({
  params: ProcessedInvoicePath,
  body: RejectInboxInvoiceBody,
  run: async ({ scope, params, body, auth }, deps: DocumentsDeps) => {
    await requireInboxDocument(deps, scope.companyId, params.processedInvoiceId);
    const doc = await rejectDocument(deps, {
      companyId: scope.companyId,
      documentId: params.processedInvoiceId,
      userId: auth.userId,
      reason: body.reason,
    });
    return asProcessedInvoice(deps, doc);
  },
});
