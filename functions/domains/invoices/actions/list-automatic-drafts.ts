import { defineAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/invoices';
import { pageOf } from '../model/invoice-listing';
import { assertCanRead } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { automaticDrafts } from '../store/listings';

/** Drafts the recurring schedule or an import wrote, waiting for the user's confirmation. */
export const listAutomaticDraftsRoute = defineAction({
  query: InvoiceListingQuery,
  run: async ({ auth, scope, query }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    return pageOf(await automaticDrafts(deps, scope!.companyId), query, { field: 'invoiceDate', dir: 'asc' });
  },
});
