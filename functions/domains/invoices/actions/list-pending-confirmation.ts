import { defineAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/invoices';
import { pageOf } from '../model/invoice-listing';
import { madridDate } from '../model/payments';
import { assertCanRead } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { draftsDueBy } from '../store/listings';

/** Drafts whose invoice date is today (Europe/Madrid) or earlier: ready to be confirmed. */
export const listPendingConfirmationRoute = defineAction({
  query: InvoiceListingQuery,
  run: async ({ auth, scope, query }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    const drafts = await draftsDueBy(deps, scope!.companyId, madridDate(deps.now()));
    return pageOf(drafts, query, { field: 'invoiceDate', dir: 'asc' });
  },
});
