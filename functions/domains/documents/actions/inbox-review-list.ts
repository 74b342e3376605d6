import { defineCompanyAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import { PageQuery } from '@shared/schemas/common';
import { REVIEWABLE_INVOICE_STATUSES } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

/** GET /smart-inbox/invoices/review: what waits for a person (read, incomplete, possible duplicates). */
export const inboxReviewListRoute = defineCompanyAction({
  query: PageQuery,
  run: async ({ scope, query }, deps: DocumentsDeps) => {
    const { invoices } = await loadInbox(deps, scope.companyId);
    return paginate(
      invoices.filter((p) => REVIEWABLE_INVOICE_STATUSES.includes(p.status)),
      query.page,
      query.size,
    );
  },
});
