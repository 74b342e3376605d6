/** react-query keys of the expenses feature, so mutations invalidate exactly what they change. */
export const expensesKeys = {
  all: ['expenses'] as const,
  suppliers: (companyId: string) => ['expenses', companyId, 'suppliers'] as const,
  supplierSearch: (companyId: string, q: string) => ['expenses', companyId, 'supplier-search', q] as const,
  categories: (companyId: string) => ['expenses', companyId, 'categories'] as const,
  categoryCounts: (companyId: string) => ['expenses', companyId, 'category-counts'] as const,
  receivedInvoices: (companyId: string) => ['expenses', companyId, 'received-invoices'] as const,
  receivedInvoice: (companyId: string, id: string) =>
    ['expenses', companyId, 'received-invoices', 'detail', id] as const,
  totals: (companyId: string) => ['expenses', companyId, 'totals'] as const,
};

/** Lists change with every write of the same company; a short freshness keeps paging snappy. */
export const EXPENSES_STALE_MS = 30_000;
