import { defineCompanyAction } from '@functions/platform/http';
import { InvoiceListingQuery } from '@shared/schemas/rectificativas';
import { pageOf } from '../model/invoice-listing';
import type { InvoicesDeps } from '../store/deps';
import { siiPending } from '../store/listings';

/** Confirmed invoices still to be accepted by the SII (not sent, queued, in error, rejected, to correct). */
export const listPendingSiiRoute = defineCompanyAction({
  query: InvoiceListingQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    return pageOf(await siiPending(deps, scope.companyId), query, { field: 'invoiceDate', dir: 'asc' });
  },
});
