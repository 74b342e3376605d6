/** react-query keys of the smart inbox, so every decision reloads statistics and widget data (spec part 3 §4). */
export const inboxKeys = {
  company: (companyId: string | null) => ['smart-inbox', companyId] as const,
  admin: ['smart-inbox', 'admin'] as const,
};

export const INBOX_STALE_MS = 15_000;

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

export const refreshInbox = (queryClient: Invalidator, companyId: string | null) =>
  queryClient.invalidateQueries({ queryKey: inboxKeys.company(companyId) });
