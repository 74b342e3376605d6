import { defineCompanyAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import { ProcessedInvoiceListQuery } from '@shared/schemas/inbox';
import { matchesInvoiceQuery } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

/** GET /smart-inbox/invoices: the documents of inbox mails as processed invoices, newest first. */
export const inboxInvoicesRoute = defineCompanyAction({
  query: ProcessedInvoiceListQuery,
  run: async ({ scope, query }, deps: DocumentsDeps) => {
    const { invoices } = await loadInbox(deps, scope.companyId, { from: query.dateFrom });
    return paginate(
      invoices.filter((p) => matchesInvoiceQuery(p, query)),
      query.page,
      query.size,
    );
  },
});
