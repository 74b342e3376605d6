import { defineCompanyAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/rectificativas';
import { pageOf } from '../model/invoice-listing';
import type { InvoicesDeps } from '../store/deps';
import { automaticDrafts } from '../store/listings';

/** Drafts the recurring schedule or an import wrote, waiting for the user's confirmation. */
export const listAutomaticDraftsRoute = defineCompanyAction({
  query: InvoiceListingQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    return pageOf(await automaticDrafts(deps, scope.companyId), query, { field: 'invoiceDate', dir: 'asc' });
  },
});
