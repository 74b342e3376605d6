import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { RecurringTemplateListQuery } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { listTemplates } from '../store/recurring';

const SORTABLE = ['name', 'customerName', 'nextRunDate', 'createdAt'] as const;

/** A company's templates, searched by name and customer (accent-insensitive), sorted and paged. */
export const listRecurringTemplatesRoute = defineCompanyAction({
  query: RecurringTemplateListQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const templates = (await listTemplates(deps, scope.companyId)).filter(
      (t) =>
        matchesSearch(query.search, t.name, t.customerName) &&
        (!query.active || String(t.isActive) === query.active),
    );
    const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'name', dir: 'asc' });
    return paginate(
      sortBy(templates, (t) => String(t[field] ?? '~'), dir),
      query.page,
      query.size,
    );
  },
});
