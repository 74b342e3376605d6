import { defineCompanyAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/rectificativas';
import { pageOf } from '../model/invoice-listing';
import { madridDate } from '../model/payments';
import type { InvoicesDeps } from '../store/deps';
import { draftsDueBy } from '../store/listings';

/** Drafts whose invoice date is today (Europe/Madrid) or earlier: ready to be confirmed. */
export const listPendingConfirmationRoute = defineCompanyAction({
  query: InvoiceListingQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const drafts = await draftsDueBy(deps, scope.companyId, madridDate(deps.now()));
    return pageOf(drafts, query, { field: 'invoiceDate', dir: 'asc' });
  },
});
