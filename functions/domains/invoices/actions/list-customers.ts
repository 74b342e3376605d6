import { defineCompanyAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import { parseSort } from '@shared/schemas/common';
import { CustomerListQuery, customerTaxIdText } from '@shared/schemas/customers';
import { listCustomers } from '../store/customers';
import type { InvoicesDeps } from '../store/deps';

const SORTABLE = ['name', 'createdAt', 'updatedAt'] as const;

/** A company's customers, searched by name and tax id (accent-insensitive), sorted and paged. */
export const listCustomersRoute = defineCompanyAction({
  query: CustomerListQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const customers = (await listCustomers(deps, scope.companyId)).filter(
      (c) =>
        matchesSearch(query.search, c.name, customerTaxIdText(c.taxId)) &&
        (!query.active || String(c.isActive) === query.active),
    );
    const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'name', dir: 'asc' });
    return paginate(
      sortBy(customers, (c) => String(c[field]), dir),
      query.page,
      query.size,
    );
  },
});
