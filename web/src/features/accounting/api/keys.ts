/** react-query keys of the accounting feature, so mutations invalidate exactly what they change. */
export const accountingKeys = {
  company: (companyId: string | null) => ['accounting', companyId] as const,
  access: (companyId: string | null) => ['accounting', companyId, 'access'] as const,
  accounts: (companyId: string | null) => ['accounting', companyId, 'accounts'] as const,
  categories: (companyId: string | null) => ['accounting', companyId, 'categories'] as const,
  entries: (companyId: string | null) => ['accounting', companyId, 'entries'] as const,
  entry: (companyId: string | null, entryId: string) => ['accounting', companyId, 'entry', entryId] as const,
  reports: (companyId: string | null) => ['accounting', companyId, 'reports'] as const,
  periods: (companyId: string | null) => ['accounting', companyId, 'periods'] as const,
};

/** Automatic entries arrive from the queue in the background: a short freshness. */
export const ACCOUNTING_STALE_MS = 15_000;

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

/**
 * After any posting, lock, account or period change: every list and report of the company (an
 * entry moves the journal, the ledger, the balances and the period counts at once).
 */
export const refreshAccounting = (queryClient: Invalidator, companyId: string | null) =>
  queryClient.invalidateQueries({ queryKey: accountingKeys.company(companyId) });
