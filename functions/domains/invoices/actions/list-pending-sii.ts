import { defineAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/invoices';
import { pageOf } from '../model/invoice-listing';
import { assertCanRead } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { siiPending } from '../store/listings';

/** Confirmed invoices still to be accepted by the SII (not sent, queued, in error, rejected, to correct). */
export const listPendingSiiRoute = defineAction({
  query: InvoiceListingQuery,
  run: async ({ auth, scope, query }, deps: InvoicesDeps) => {
    assertCanRead(auth, scope);
    return pageOf(await siiPending(deps, scope!.companyId), query, { field: 'invoiceDate', dir: 'asc' });
  },
});
